package hpjava.compiler.diag;

/**
 * Every diagnostic the translator reports, with its message template ({@link java.text.MessageFormat} style: {0},
 * {1}... are the typed arguments). Tests compare keys, not messages.
 */
public enum DiagnosticKey {
    SYNTAX("syntax error: {0}"),
    LEGACY_NOTATION("''{0}'' is the notation of the 1997-2002 HPJava papers; HPJava 1.0 writes {1}"),
    LOCATION_USE("location ''{0}'' can be used only in a group restriction p / {0}, as a section subscript a[[{0}, ...]] or in at (i = {0})"),
    SPLIT_NOT_SECTION("''<>'' (dimension splitting) applies to a distributed dimension of a multiarray section, not to {0}"),
    JAVA("{0}"),
    INDEX_AS_NUMBER("distributed index ''{0}'' has no numeric value; write {0}` for its global index"),
    BACKQUOTE_NOT_INDEX("backquote applies only to a distributed index, not to ''{0}''"),
    INDEX_ASSIGNED("distributed index ''{0}'' cannot be assigned"),
    SUBSCRIPT_COUNT("multiarray ''{0}'' has rank {1} but is subscripted with {2} subscript(s)"),
    INT_IN_DISTRIBUTED_SLOT("subscript {0} of ''{1}'' is a distributed dimension: it needs a distributed index bound by overall or at, not an int expression"),
    INDEX_OTHER_RANGE("index ''{0}'' ranges over ''{1}'', which cannot be the range of dimension {2} of ''{3}''"),
    SHIFT_NOT_CONSTANT("the shift of distributed index ''{0}'' must be an integer constant"),
    SHIFT_BEYOND_GHOST("shift {0} of index ''{1}'' exceeds the ghost width {2} of range ''{3}''"),
    NOT_A_MULTIARRAY("''{0}'' is not a multiarray: only multiarrays take subscript lists a[i, j]"),
    /** A subscript list on a name no scope of the file declares: ECJ's wording for the same mistake elsewhere. */
    UNDECLARED_NAME("{0} cannot be resolved to a variable"),
    UNTYPED_MULTIARRAY("the type of ''{0}'' is not written, so it is not known to be a multiarray: declare it, e.g. (double [[-]] {0}, Range x) -> ..."),
    SECTION_SCALAR_RANGE("a subrange x[[l:u:s]] takes one triplet, not {0}"),
    ACCESS_BASE("element access needs a multiarray variable (local, parameter or field) before '[', not ''{0}''"),
    MULTIARRAY_AS_OBJECT("a multiarray of type {0} is not an Object: it cannot be used where {1} is expected"),
    MULTIARRAY_TYPE_MISMATCH("type mismatch: {0} cannot be used as {1}"),
    CREATION_RANK("creation gives rank {0} but the declared type {1} has rank {2}"),
    SECTION_RANK("section of ''{0}'' has {1} subscript(s) but the multiarray has rank {2}"),
    SAME_GRID_DIMENSION("ranges ''{0}'' and ''{1}'' are both distributed over {2}: the distributed ranges of one multiarray must lie over distinct dimensions of its group"),
    INDEX_REBOUND("distributed index ''{0}'' is already bound by an enclosing overall or at"),
    FILE_NAME("the file name ''{0}'' is not a Java identifier: a .hpj file is named after its class, rename it (e.g. to {1}.hpj)"),
    TOO_DEEP("{0}: simplify the nesting"),
    UNNAMED_INDEX("the index of {0} must be named: ''_'' declares no variable, and a distributed index is a name used in subscripts"),
    HPJAVA_BEFORE_CONSTRUCTOR_CALL("''{0}'' cannot come before {1}: its translation may outline the body into a lambda or inner class of the object under construction, which Java forbids there; move it after {1}"),
    MODULE_INFO("module-info.hpj: hpjavac does not compile modules: HPJava programs run on the class path, where the HPJava runtime is, and a named module cannot read the class path; write module-info.java and compile it with javac");

    private final String template;

    DiagnosticKey(String template) {
        this.template = template;
    }

    public String template() {
        return template;
    }

    /** The key as written in golden files, e.g. {@code hpj.SUBSCRIPT_COUNT}. */
    public String code() {
        return "hpj." + name();
    }
}
