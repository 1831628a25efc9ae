package hpjava.compiler.lower;

import hpjava.grammar.HPJavaParser.ImportDeclarationContext;
import hpjava.grammar.HPJavaParser.OrdinaryCompilationUnitContext;

/**
 * Single-type imports the translator adds next to the implicit {@code import hpjava.lang.*; import hpjava.adlib.*;} so
 * that names a user's own on-demand imports would make ambiguous keep their HPJava meaning (a single-type import
 * shadows every on-demand one, JLS 6.4.1):
 * <ul>
 *   <li>{@code import mpi.*;} (calling MPI directly, as HPJava 1.0 programs did with mpiJava): {@code mpi.Group}
 *       would clash with {@code hpjava.lang.Group}, which the generated code and the user's HPJava code mean; MPI's
 *       group is then written {@code mpi.Group};</li>
 *   <li>{@code import hpjava.adlib.schedule.*;} (HPJava 1.0's typed schedules): its {@code WriteHalo} would clash
 *       with {@code hpjava.adlib.WriteHalo}; the user asked for the schedule package, so its class wins.</li>
 * </ul>
 * Nothing is added for a name the user imports by name himself.
 */
final class ImportFixups {
    private ImportFixups() {}

    /** The extra imports for {@code cu}, each as " import a.b.C;" (empty when none are needed). */
    static String imports(OrdinaryCompilationUnitContext cu) {
        StringBuilder b = new StringBuilder();
        if (importsOnDemand(cu, "mpi") && !importsSimpleName(cu, "Group")) b.append(" import hpjava.lang.Group;");
        if (importsOnDemand(cu, "hpjava.adlib.schedule") && !importsSimpleName(cu, "WriteHalo"))
            b.append(" import hpjava.adlib.schedule.WriteHalo;");
        return b.toString();
    }

    private static boolean importsOnDemand(OrdinaryCompilationUnitContext cu, String pkg) {
        for (ImportDeclarationContext d : cu.importDeclaration())
            if (d.STATIC() == null && d.MUL() != null && d.qualifiedName().getText().equals(pkg)) return true;
        return false;
    }

    private static boolean importsSimpleName(OrdinaryCompilationUnitContext cu, String simple) {
        for (ImportDeclarationContext d : cu.importDeclaration()) {
            String name = d.qualifiedName().getText();
            if (d.MUL() == null && d.MODULE() == null && (name.equals(simple) || name.endsWith("." + simple))) return true;
        }
        return false;
    }
}
