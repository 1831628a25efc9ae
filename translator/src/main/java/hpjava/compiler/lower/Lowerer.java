package hpjava.compiler.lower;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.Locations;
import hpjava.compiler.attribute.Symbol;
import hpjava.compiler.parse.SourceUnit;
import hpjava.compiler.tree.JavaTrees;
import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * The LOWER phase: HPJava to Java, line-aligned with the source (see {@link PositionMap}).
 *
 * <ul>
 * <li>{@code overall (i = x for l : u : s) S}: a loop over the segments of the calling process's local block of
 *     {@code x}, APG restricted with {@code enterIndex} in try/finally; {@code i} becomes the local subscript
 *     {@code $iN}, {@code i`} becomes {@code $gbN + $kN * $gsN}.</li>
 * <li>{@code a[i, j]}: {@code $dH[$oH + $sH_0 * $i1 + $sH_1 * $i2]} where data, base and strides are final locals
 *     hoisted before the outermost enclosing overall/at that neither declares nor assigns {@code a}; a shift
 *     {@code i - 1} is {@code ($i1 + -1)}. Alignment and ghost-width checks run once per loop, not per element.</li>
 * <li>{@code at}, {@code on}, {@code p / i}, {@code i`}, sections, subranges, creation and multiarray types map
 *     onto hpjava.lang (see runtime/README.md).</li>
 * </ul>
 *
 * <p>The passes: {@link Plan} (analysis: statements, hoists, typed {@link RuntimeCheck}s), {@link Fusion} (which perfectly
 * nested overalls share one set-up), {@link StatementLowering} and {@link ExpressionLowering} (emission through one
 * {@link Emitter}); generated names are listed in {@link Gen}, runtime calls spelled only in {@link RuntimeApi}. This
 * class walks the tree and dispatches each construct to its lowering.
 */
public final class Lowerer {

    /** The result: Java text (line N = .hpj line N up to the source's last line) and the position map. */
    public record Lowered(String packageName, String className, String javaText, PositionMap map, boolean hasMain) {
    }

    final Plan plan;
    final Emitter em;
    private final Attribution attr;
    private final boolean adlib;
    /** Whether qualifying element loops get their vector form (hpjavac --no-vector turns it off). */
    final boolean vector;
    /** Where exchanges overlap with computation (none with hpjavac --no-overlap). */
    final Overlap overlaps;
    private final String text;
    private final StatementLowering statements;
    private final ExpressionLowering expressions;
    /** Overalls whose element loop is being emitted in its unit-stride copy (subscripts scale 1). */
    private final Set<Plan.Stmt> unitStride = new HashSet<>();
    private boolean hasMain;
    private final String fileName;
    private String packageName = "";

    private Lowerer(SourceUnit unit, Attribution attr, boolean adlib, boolean vector, boolean overlap) {
        this.attr = attr;
        this.adlib = adlib;
        this.vector = vector;
        this.text = unit.text();
        this.fileName = unit.fileName();
        this.em = new Emitter(text, commentMask(unit));
        this.plan = Plan.of(unit, attr);
        this.overlaps = overlap && adlib ? Overlap.of(unit.parse().tree(), attr, plan) : Overlap.none();
        this.statements = new StatementLowering(this);
        this.expressions = new ExpressionLowering(this);
    }

    private static boolean[] commentMask(SourceUnit unit) {
        boolean[] mask = new boolean[unit.text().length()];
        for (Token t : unit.parse().tokens().getTokens())
            if (t.getType() == HPJavaParser.COMMENT || t.getType() == HPJavaParser.LINE_COMMENT)
                for (int i = t.getStartIndex(); i <= t.getStopIndex() && i < mask.length; i++) mask[i] = true;
        return mask;
    }

    /**
     * Lowers one attributed and checked unit. {@code adlib}: whether hpjava.adlib is on the class path (then it is
     * imported implicitly).
     */
    public static Lowered lower(SourceUnit unit, Attribution attr, boolean adlib) {
        return lower(unit, attr, adlib, true);
    }

    /** {@link #lower(SourceUnit, Attribution, boolean)}; {@code vector}: emit the vector form of qualifying element loops. */
    public static Lowered lower(SourceUnit unit, Attribution attr, boolean adlib, boolean vector) {
        return lower(unit, attr, adlib, vector, true);
    }

    /**
     * {@link #lower(SourceUnit, Attribution, boolean, boolean)}; {@code overlap}: overlap each ghost exchange with the
     * interior of the nest after it where provably legal ({@link Overlap}).
     */
    public static Lowered lower(SourceUnit unit, Attribution attr, boolean adlib, boolean vector, boolean overlap) {
        Lowerer l = new Lowerer(unit, attr, adlib, vector, overlap);
        l.emit(unit.parse().tree());
        return new Lowered(l.packageName, unit.baseName(), l.em.text(), l.em.map(), l.hasMain);
    }

    static int start(ParserRuleContext c) { return c.getStart().getStartIndex(); }

    static int end(ParserRuleContext c) { return c.getStop().getStopIndex() + 1; }

    /** Appends generated text standing for {@code anchor}. */
    void gen(String s, ParserRuleContext anchor) {
        em.gen(s, start(anchor));
    }

    /** Whether the element loop of {@code s} is being emitted in its unit-stride copy. */
    boolean unitStride(Plan.Stmt s) {
        return unitStride.contains(s);
    }

    /** Runs {@code emission} (of the body of overall {@code s}) as its unit-stride copy. */
    void withUnitStride(Plan.Stmt s, Runnable emission) {
        unitStride.add(s);
        emission.run();
        unitStride.remove(s);
    }

    private void emitChildren(ParseTree t) {
        for (int i = 0; i < t.getChildCount(); i++) emit(t.getChild(i));
    }

    /** Emits {@code t}: source copied, HPJava constructs lowered. */
    void emit(ParseTree t) {
        if (t == null) return;
        if (t instanceof TerminalNode tn) {
            Token tok = tn.getSymbol();
            em.copyTo(tok.getType() == Token.EOF ? text.length() : tok.getStopIndex() + 1);
            return;
        }
        switch (t) {
            case OrdinaryCompilationUnitContext cu -> compilationUnit(cu);
            case TypeContext ty when ty.multiarrayShape() != null -> {
                em.copyTo(start(ty));
                gen(attr.declared(ty).javaClass(), ty);
                em.skipTo(end(ty));
            }
            case OverallStatementContext o -> statements.overall(o);
            case ExpressionStatementContext es when overlaps.startAt(es) != null -> {
                em.copyTo(start(es));
                gen(RuntimeApi.writeHaloStart(overlaps.startAt(es).array()) + ";", es);
                em.skipTo(end(es));
            }
            case AtStatementContext a -> statements.at(a);
            case OnStatementContext o -> statements.on(o);
            case AssignmentContext as when as.assignmentOperator().ASSIGN() == null && expressions.objectUpdate(as.expression(0)) != null ->
                expressions.objectUpdate(as, expressions.objectUpdate(as.expression(0)), as.assignmentOperator().getText().replace("=", ""), as.expression(1));
            case PrefixExpressionContext pe when JavaTrees.isIncDec(pe) && expressions.objectUpdate(pe.expression()) != null ->
                expressions.objectUpdate(pe, expressions.objectUpdate(pe.expression()), pe.prefix.getType() == HPJavaParser.INC ? "+" : "-", null);
            case PostfixExpressionContext pe when expressions.objectUpdate(pe.expression()) != null ->
                expressions.objectUpdate(pe, expressions.objectUpdate(pe.expression()), pe.postfix.getType() == HPJavaParser.INC ? "+" : "-", null);
            case ElementAccessContext e when attr.access(e) != null -> expressions.access(e, attr.access(e));
            case SectionContext s -> expressions.section(s);
            case GlobalIndexContext g -> expressions.globalIndexExpression(g);
            case MultiplicativeContext m when Locations.restriction(m, attr) != null -> expressions.restrictToLocation(m);
            case MultiplicativeContext m when expressions.restrictedIndex(m) != null -> expressions.restrict(m, expressions.restrictedIndex(m));
            case CreationContext c when c.creator() instanceof MultiarrayCreatorContext mc -> expressions.creation(c, mc);
            case BreakStatementContext b when jumpTarget(b, b.identifier()) != null -> {
                em.copyTo(start(b));
                gen("break " + Gen.SEGMENT_LOOP.of(plan.stmt(jumpTarget(b, b.identifier())).id) + ";", b);
                em.skipTo(end(b));
            }
            case ContinueStatementContext c when c.identifier() != null && jumpTarget(c, c.identifier()) != null -> {
                em.copyTo(start(c));
                gen("continue " + Gen.ELEMENT_LOOP.of(plan.stmt(jumpTarget(c, c.identifier())).id) + ";", c);
                em.skipTo(end(c));
            }
            case MethodDeclarationContext m when isMain(m) -> main(m);
            case ClassDeclarationContext cd when cd.IMPLEMENTS() != null -> classDeclaration(cd);
            default -> emitChildren(t);
        }
    }

    /** {@code main} first binds the rank's ProcessContext (spec 8). */
    private void main(MethodDeclarationContext m) {
        hasMain = true;
        for (int i = 0; i < m.getChildCount(); i++) {
            ParseTree ch = m.getChild(i);
            if (ch == m.methodBody() && m.methodBody().block() != null) {
                BlockContext b = m.methodBody().block();
                emit(b.getChild(0));
                gen(" " + RuntimeApi.bind() + ";", b);
                for (int j = 1; j < b.getChildCount(); j++) emit(b.getChild(j));
            } else emit(ch);
        }
    }

    /**
     * The overall a break or continue leaves, when it needs rewriting: an unlabeled break whose innermost enclosing
     * loop or switch is an overall (it must leave every segment, not just the current one), or a labeled break or
     * continue naming a labeled overall (continue must go to the element loop). Else null: Java's meaning is right.
     */
    private static OverallStatementContext jumpTarget(ParserRuleContext jump, IdentifierContext label) {
        for (ParseTree t = jump.getParent(); t != null; t = t.getParent()) {
            if (JavaTrees.opensBody(t)) return null;
            if (label == null) {
                if (JavaTrees.breakTarget(t)) return null;
                if (t instanceof OverallStatementContext o) return o;
            } else if (t instanceof LabeledStatementContext l && l.identifier().getText().equals(label.getText())) {
                // break L leaves the labeled block the overall becomes; continue L must name its element loop
                return jump instanceof ContinueStatementContext && l.statement() instanceof OverallStatementContext o ? o : null;
            }
        }
        return null;
    }

    private void compilationUnit(OrdinaryCompilationUnitContext cu) {
        String imports = " import hpjava.lang.*;" + (adlib ? " import hpjava.adlib.*;" : "") + ImportFixups.imports(cu);
        if (cu.packageDeclaration() != null) {
            packageName = cu.packageDeclaration().qualifiedName().getText();
            emit(cu.packageDeclaration());
            em.gen(imports, 0);
        } else {
            em.gen(imports.substring(1) + " ", 0);
        }
        for (int i = 0; i < cu.getChildCount(); i++)
            if (cu.getChild(i) != cu.packageDeclaration()) emit(cu.getChild(i));
    }

    /**
     * Whether {@code m} is a main method the launcher may pick (JLS 12.1.4): {@code void main(String[])} or
     * {@code void main()}, static or instance, not private, of a class or of a compact source file's implicit class.
     */
    private static boolean isMain(MethodDeclarationContext m) {
        if (!m.identifier().getText().equals("main") || m.resultType().VOID() == null
                || m.formalParameters().formalParameter().size() > 1 || m.methodBody().block() == null) return false;
        List<ClassModifierContext> modifiers = switch (m.getParent().getParent()) {
            case MemberContext member -> member.classModifier();
            case TypeDeclarationContext topLevel -> topLevel.classModifier();
            default -> null;
        };
        return modifiers != null && modifiers.stream().noneMatch(c -> c.PRIVATE() != null);
    }

    /** Drops the marker interface HPspmd (spec 2: accepted, no longer needed). */
    private void classDeclaration(ClassDeclarationContext cd) {
        for (int i = 0; i < cd.getChildCount(); i++) {
            ParseTree ch = cd.getChild(i);
            if (ch == cd.IMPLEMENTS()) continue;
            if (ch == cd.typeList(0)) {
                TypeListContext list = cd.typeList(0);
                List<TypeContext> kept = list.type().stream()
                        .filter(ty -> !ty.getText().equals("HPspmd") && !ty.getText().equals("hpjava.lang.HPspmd")).toList();
                em.copyTo(cd.IMPLEMENTS().getSymbol().getStartIndex());
                if (kept.isEmpty()) {
                    em.skipTo(end(list));
                } else {
                    gen("implements", list);
                    String sep = " ";
                    for (TypeContext ty : kept) {
                        gen(sep, ty);
                        em.skipTo(start(ty));
                        emit(ty);
                        sep = ", ";
                    }
                    em.skipTo(end(list));
                }
                continue;
            }
            emit(ch);
        }
    }
}
