package hpjava.compiler.attribute;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.misc.Interval;
import org.antlr.v4.runtime.tree.ParseTree;

import hpjava.compiler.parse.SourceUnit;
import hpjava.compiler.tree.JavaTrees;
import hpjava.compiler.tree.TreeScanner;
import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * The ATTRIBUTE phase: walks one compilation unit with Java's scopes (fields of enclosing classes, parameters,
 * locals, lambda and catch parameters, pattern variables) and records which names are multiarrays (rank, slots,
 * element type), which are distributed indexes and over which range, what each element access subscripts with,
 * and the multiarray type of expressions where it is known. Names it does not know are left to Java.
 */
public final class Attributor extends TreeScanner {
    private final SourceUnit unit;
    private final Attribution out = new Attribution();
    private final Deque<Map<String, Symbol>> scopes = new ArrayDeque<>();

    private Attributor(SourceUnit unit) {
        this.unit = unit;
    }

    public static Attribution attribute(SourceUnit unit) {
        Attributor a = new Attributor(unit);
        a.scopes.push(new HashMap<>());
        a.scan(unit.parse().tree());
        a.resolveQualified();
        return a.out;
    }

    /** Element accesses {@code q.f[...]} whose field {@code f} is resolved after the walk (its class may come later). */
    private final List<Object[]> qualified = new ArrayList<>();

    /**
     * Resolves {@code q.f[...]} ({@code q} a name or a chain of names, e.g. a class or a local object) to the
     * multiarray field {@code f} of this file, when every multiarray field of that name has the same type.
     */
    private void resolveQualified() {
        for (FieldAccessContext f : qualifiedFields) {
            Symbol.Variable field = uniqueField(f.identifier().getText());
            if (field != null) out.expressionTypes.put(f, field.type());
        }
        for (Object[] q : qualified) {
            ElementAccessContext e = (ElementAccessContext) q[0];
            FieldAccessContext f = (FieldAccessContext) e.array;
            @SuppressWarnings("unchecked") List<Attribution.Subscript> subs = (List<Attribution.Subscript>) q[1];
            Symbol.Variable field = uniqueField(f.identifier().getText());
            if (field != null) out.accesses.put(e, new Attribution.Access(e, field, f.getText(), subs));
        }
        for (SectionContext sc : qualifiedSections) typeSection(sc);
    }

    /** The multiarray field of this name declared in this file, if every one of that name has the same type. */
    private Symbol.Variable uniqueField(String name) {
        Symbol.Variable field = null;
        for (Symbol.Variable v : out.variables) {
            if (!v.isField() || !v.isMultiarray() || !v.name().equals(name)) continue;
            if (field != null && !field.type().equals(v.type())) return null;
            if (field == null) field = v;
        }
        return field;
    }

    private final List<FieldAccessContext> qualifiedFields = new ArrayList<>();
    private final List<SectionContext> qualifiedSections = new ArrayList<>();

    private static boolean nameChain(ExpressionContext q) {
        return q instanceof NameContext || q instanceof FieldAccessContext f && nameChain(f.expression());
    }

    // ---- scopes

    @Override
    protected void enterScope(ParseTree scopeNode) {
        scopes.push(new HashMap<>());
    }

    @Override
    protected void exitScope(ParseTree scopeNode) {
        scopes.pop();
    }

    private void declare(Symbol s) {
        scopes.peek().put(s.name(), s);
    }

    private Symbol lookup(String name) {
        for (Map<String, Symbol> s : scopes) {
            Symbol sym = s.get(name);
            if (sym != null) return sym;
        }
        return null;
    }

    /** The innermost field of this name (for {@code this.name}), or null. */
    private Symbol.Variable lookupField(String name) {
        for (Map<String, Symbol> s : scopes)
            if (s.get(name) instanceof Symbol.Variable v && v.isField()) return v;
        return null;
    }

    private Symbol.Variable declareVariable(String name, TypeContext type, ParserRuleContext at, boolean field) {
        return declareVariable(name, type, type == null ? null : multiarrayType(type), at, field);
    }

    /** Declares a variable; an unnamed one ({@code _}, {@code name} null) declares nothing and shadows nothing. */
    private Symbol.Variable declareVariable(String name, TypeContext type, MultiarrayType t, ParserRuleContext at,
                                            boolean field) {
        if (name == null) return null;
        Symbol.Variable v = new Symbol.Variable(name, t, type == null ? null : text(type), at.getStart(), field);
        declare(v);
        out.variables.add(v);
        return v;
    }

    /** The declared name, or null for an unnamed variable {@code _}. */
    private static String nameOf(IdentifierContext id) {
        return id == null ? null : id.getText();
    }

    private static String nameOf(VariableDeclaratorIdContext id) {
        return nameOf(id.identifier());
    }

    // ---- types

    MultiarrayType multiarrayType(TypeContext type) {
        MultiarrayShapeContext shape = type.multiarrayShape();
        if (shape == null) return null;
        MultiarrayType known = out.declaredTypes.get(type);
        if (known != null) return known;
        String element = unit.text().substring(type.getStart().getStartIndex(), shape.getStart().getStartIndex()).strip();
        boolean primitive = type.javaType().primitiveType() != null && type.javaType().dims() == null;
        List<Boolean> slots = new ArrayList<>();
        for (MultiarraySlotContext s : shape.multiarraySlot()) slots.add(s instanceof DistributedSlotContext);
        MultiarrayType t = MultiarrayType.of(element, primitive, slots);
        out.declaredTypes.put(type, t);
        return t;
    }

    private String text(ParserRuleContext ctx) {
        return unit.text().substring(ctx.getStart().getStartIndex(), ctx.getStop().getStopIndex() + 1);
    }

    // ---- the walk

    /**
     * The attribution of node {@code t}. The scanner has already opened {@code t}'s scope if it has one (blocks, for
     * statements and switch blocks need nothing more); the cases below declare what the scope holds, visiting
     * first what is evaluated outside it (a for-each's expression, an index statement's range).
     */
    @Override
    protected void visit(ParseTree t) {
        switch (t) {
            case ClassBodyContext c -> members(c.classBodyDeclaration());
            case OrdinaryCompilationUnitContext cu -> members(cu.typeDeclaration());   // a compact file's implicit class
            case RecordDeclarationContext r -> {
                for (RecordComponentContext rc : r.recordHeader().recordComponent())
                    declareVariable(rc.identifier().getText(), rc.type(), rc, true);
                scan(r.classBody());
            }
            case EnumDeclarationContext e -> {
                if (e.enumConstants() != null)
                    for (EnumConstantContext ec : e.enumConstants().enumConstant())
                        declareVariable(ec.identifier().getText(), null, ec, true);
                scanChildren(e);
            }
            case MethodDeclarationContext m -> {
                scan(m.typeParameters());
                scan(m.resultType());
                parameters(m.formalParameters());
                scan(m.methodBody());
            }
            case ConstructorDeclarationContext k -> {
                parameters(k.formalParameters());
                scan(k.constructorBody());
            }
            case TypeContext ty -> multiarrayType(ty);
            case LocalVariableDeclarationContext d -> declarators(d.type(), d.variableDeclarators(), false);
            case EnhancedForStatementContext f -> {
                scan(f.expression());
                LocalVariableDeclarationHeadContext h = f.localVariableDeclarationHead();
                declareVariable(nameOf(h.variableDeclaratorId()), h.type(), h, false);
                scan(f.statement());
            }
            case CatchClauseContext c -> {
                declareVariable(nameOf(c.identifier()), null, c, false);
                scan(c.block());
            }
            case LambdaContext l -> {
                LambdaParametersContext ps = l.lambdaParameters();
                for (IdentifierContext id : ps.identifier()) declareVariable(id.getText(), null, id, false);
                for (FormalParameterContext fp : ps.formalParameter())
                    declareVariable(nameOf(fp.variableDeclaratorId()), fp.type(), fp, false);
                scan(l.lambdaBody());
            }
            case TypePatternContext p -> {
                scan(p.type());
                declareVariable(nameOf(p.identifier()), p.type(), p, false);
            }
            case OverallStatementContext o -> indexStatement(o, o.index, o.range, o.overallBounds(), o.statement());
            case AtStatementContext a -> indexStatement(a, a.index, a.range, a.location, a.statement());
            case NameContext n -> name(n);
            case ElementAccessContext e -> elementAccess(e);
            case GlobalIndexContext g -> {
                if (g.expression() instanceof NameContext n) allowIndex(n);
                scanChildren(g);
            }
            case MultiplicativeContext m -> {
                if (m.op.getType() == HPJavaParser.DIV && m.expression(1) instanceof NameContext n
                        && lookup(n.getText()) instanceof Symbol.Index) allowIndex(n);
                scanChildren(m);
            }
            case SectionContext s -> {
                for (SectionSubscriptContext ss : s.sectionSubscript())
                    if (ss instanceof ScalarSubscriptContext sc && sc.expression() instanceof NameContext n) allowIndex(n);
                scanChildren(s);
                typeSection(s);
                if (!out.expressionTypes.containsKey(s)) qualifiedSections.add(s);
            }
            case FieldAccessContext f -> {
                scanChildren(f);
                if (f.expression() instanceof ThisExpressionContext
                        && lookupField(f.identifier().getText()) instanceof Symbol.Variable v && v.isMultiarray())
                    out.expressionTypes.put(f, v.type());
                else if (nameChain(f.expression()) && !(f.expression() instanceof ThisExpressionContext))
                    qualifiedFields.add(f);
            }
            case ParenthesizedContext p -> {
                scanChildren(p);
                copyType(p.expression(), p);
            }
            case ConditionalContext c -> {
                scanChildren(c);
                copyType(c.expression(1), c);
            }
            case CreationContext c -> {
                scanChildren(c);
                if (c.creator() instanceof MultiarrayCreatorContext mc) {
                    ExpressionListContext el = mc.multiarrayCreatorRest().expressionList();
                    int rank = el == null ? 0 : el.expression().size();
                    String element = unit.text().substring(mc.getStart().getStartIndex(),
                            mc.multiarrayCreatorRest().getStart().getStartIndex()).strip();
                    boolean primitive = mc.javaType().primitiveType() != null && mc.javaType().dims() == null;
                    out.expressionTypes.put(c, new MultiarrayType(element, primitive, null, rank));
                }
            }
            case UnqualifiedMethodCallContext m -> {
                scanChildren(m);
                MultiarrayType rt = out.methodResults.get(m.identifier().getText());
                if (rt != null) out.expressionTypes.put(m, rt);
            }
            default -> {
                scanChildren(t);
                if (JavaTrees.assignedBy(t) instanceof NameContext n && out.names.get(n) instanceof Symbol.Variable v)
                    v.reassigned = true;   // x = e, x op= e, x++, ++x...: facts proved by x's initializer no longer hold
            }
        }
    }

    private void copyType(ParserRuleContext from, ParserRuleContext to) {
        MultiarrayType t = out.expressionTypes.get(from);
        if (t != null) out.expressionTypes.put(to, t);
    }

    private void allowIndex(NameContext n) {
        out.indexUsesAllowed.put(n, true);
    }

    /**
     * The members of a class body, or of a compact source file's implicit class (its top-level declarations): fields
     * and method results first (they are visible in the whole body), then the members in order.
     */
    private void members(List<? extends ParserRuleContext> declarations) {
        for (ParserRuleContext d : declarations) {
            FieldDeclarationContext f = fieldOf(d);
            MethodDeclarationContext meth = methodOf(d);
            if (f != null) {
                for (VariableDeclaratorContext vd : f.variableDeclarators().variableDeclarator())
                    declareVariable(nameOf(vd.variableDeclaratorId()), f.type(), vd, true);
            } else if (meth != null && meth.resultType().type() != null) {
                MultiarrayType t = multiarrayType(meth.resultType().type());
                if (t != null) out.methodResults.put(meth.identifier().getText(), t);
            }
        }
        // field initializers and members
        for (ParserRuleContext d : declarations) {
            FieldDeclarationContext f = fieldOf(d);
            if (f == null) {
                scan(d);
                continue;
            }
            scan(f.type());
            for (VariableDeclaratorContext vd : f.variableDeclarators().variableDeclarator()) {
                if (vd.variableInitializer() == null) continue;
                scan(vd.variableInitializer());
                String name = nameOf(vd.variableDeclaratorId());
                if (name != null && lookup(name) instanceof Symbol.Variable v) initialized(v, vd.variableInitializer());
            }
        }
    }

    /** The field a member or top-level declaration declares, or null. */
    private static FieldDeclarationContext fieldOf(ParserRuleContext d) {
        return switch (d) {
            case MemberContext m -> m.memberDeclaration().fieldDeclaration();
            case TypeDeclarationContext t when t.topLevelMember() != null -> t.topLevelMember().fieldDeclaration();
            default -> null;
        };
    }

    /** The method a member or top-level declaration declares, or null. */
    private static MethodDeclarationContext methodOf(ParserRuleContext d) {
        return switch (d) {
            case MemberContext m -> m.memberDeclaration().methodDeclaration();
            case TypeDeclarationContext t when t.topLevelMember() != null -> t.topLevelMember().methodDeclaration();
            default -> null;
        };
    }

    private void parameters(FormalParametersContext ps) {
        for (FormalParameterContext p : ps.formalParameter()) {
            scan(p.type());
            declareVariable(nameOf(p.variableDeclaratorId()), p.type(), p, false);
        }
    }

    private void declarators(TypeContext type, VariableDeclaratorsContext ds, boolean field) {
        scan(type);
        for (VariableDeclaratorContext vd : ds.variableDeclarator()) {
            if (vd.variableInitializer() != null) scan(vd.variableInitializer());
            MultiarrayType t = multiarrayType(type);
            if (t == null && type.getText().equals("var") && vd.variableInitializer() != null
                    && vd.variableInitializer().expression() != null)
                t = out.expressionTypes.get(vd.variableInitializer().expression()); // var a = new float [[x]]
            Symbol.Variable v = declareVariable(nameOf(vd.variableDeclaratorId()), type, t, vd, field);
            if (v != null && vd.variableInitializer() != null) initialized(v, vd.variableInitializer());
        }
    }

    /** Records what the initializer proves: a Range kind with ghost widths, or the ranges of a created multiarray. */
    private void initialized(Symbol.Variable v, VariableInitializerContext init) {
        ExpressionContext e = init.expression();
        if (e == null) return;
        while (e instanceof ParenthesizedContext p) e = p.expression();
        if (!(e instanceof CreationContext c)) return;
        if (c.creator() instanceof ClassCreatorContext cc && cc.classType().typeArguments().isEmpty()) {
            String kind = cc.classType().getText();
            List<ExpressionContext> args = cc.arguments().expressionList() == null ? List.of()
                    : cc.arguments().expressionList().expression();
            Integer size = args.isEmpty() ? null : intLiteral(args.get(0));
            Symbol.Variable grid = null;
            int axis = -1;
            if (args.size() >= 2 && args.get(1) instanceof MethodCallContext m && m.identifier().getText().equals("dim")
                    && m.expression() instanceof NameContext g && out.names.get(g) instanceof Symbol.Variable gv
                    && m.arguments().expressionList() != null && m.arguments().expressionList().expression().size() == 1
                    && intLiteral(m.arguments().expressionList().expression(0)) != null) {
                grid = gv;
                axis = intLiteral(m.arguments().expressionList().expression(0));
            }
            final Symbol.Variable g = grid;
            final int k = axis;
            v.range = switch (kind) {
                case "BlockRange", "CyclicRange", "BlockCyclicRange" -> new RangeFact(kind, size, 0, 0, false, g, k);
                case "IrregRange" -> new RangeFact(kind, null, 0, 0, false, g, k);
                case "CollapsedRange" -> new RangeFact(kind, size, 0, 0, true, null, -1);
                case "ExtBlockRange" -> {
                    // ExtBlockRange(n, d) has ghost width 1 on both sides (runtime and LANGUAGE.md)
                    Integer lo = args.size() >= 3 ? intLiteral(args.get(2)) : args.size() == 2 ? Integer.valueOf(1) : null;
                    Integer hi = args.size() == 4 ? intLiteral(args.get(3)) : lo;
                    yield new RangeFact(kind, size, lo, hi, false, g, k);
                }
                default -> null;
            };
        } else if (c.creator() instanceof MultiarrayCreatorContext mc && mc.multiarrayCreatorRest().expressionList() != null) {
            List<ExpressionContext> rs = mc.multiarrayCreatorRest().expressionList().expression();
            Symbol.Variable[] slots = new Symbol.Variable[rs.size()];
            for (int r = 0; r < slots.length; r++)
                if (rs.get(r) instanceof NameContext n && out.names.get(n) instanceof Symbol.Variable rv) slots[r] = rv;
            v.slotRanges = slots;
        }
    }

    /** The value of an int literal, possibly negated, or null. */
    public static Integer intLiteral(ExpressionContext e) {
        while (e instanceof ParenthesizedContext p) e = p.expression();
        boolean neg = false;
        if (e instanceof PrefixExpressionContext p && (p.prefix.getType() == HPJavaParser.SUB || p.prefix.getType() == HPJavaParser.ADD)) {
            neg = p.prefix.getType() == HPJavaParser.SUB;
            e = p.expression();
        }
        if (e instanceof LiteralExpressionContext l && l.literal().INTEGER_LITERAL() != null) {
            String s = l.literal().getText().replace("_", "");
            try {
                int v = s.startsWith("0x") || s.startsWith("0X") ? Integer.parseInt(s.substring(2), 16) : Integer.parseInt(s);
                return neg ? -v : v;
            } catch (NumberFormatException ex) {
                return null;
            }
        }
        return null;
    }

    private void indexStatement(ParserRuleContext stmt, IdentifierContext index, ExpressionContext range,
                                ParseTree boundsOrLocation, StatementContext body) {
        scan(range);
        scan(boundsOrLocation);
        Symbol.Variable rv = range instanceof NameContext n && out.names.get(n) instanceof Symbol.Variable v ? v : null;
        if (index != null) {   // '_' binds no index (the checker reports it: UNNAMED_INDEX)
            Symbol.Index idx = new Symbol.Index(index.getText(), stmt, rv);
            out.binders.put(stmt, idx);
            declare(idx);
        }
        scan(body);
    }

    private void name(NameContext n) {
        Symbol s = lookup(n.getText());
        if (s == null) return;
        out.names.put(n, s);
        if (s instanceof Symbol.Variable v && v.type() != null) out.expressionTypes.put(n, v.type());
    }

    private void elementAccess(ElementAccessContext e) {
        List<Attribution.Subscript> subs = new ArrayList<>();
        for (ExpressionContext s : e.subscripts) {
            Attribution.Subscript sub = subscript(s);
            subs.add(sub);
        }
        scan(e.array);
        for (ExpressionContext s : e.subscripts) scan(s);
        if (e.array instanceof NameContext n && out.names.get(n) instanceof Symbol.Variable v && v.isMultiarray())
            out.accesses.put(e, new Attribution.Access(e, v, n.getText(), subs));
        else if (e.array instanceof FieldAccessContext f && f.expression() instanceof ThisExpressionContext
                && lookupField(f.identifier().getText()) instanceof Symbol.Variable v && v.isMultiarray())
            out.accesses.put(e, new Attribution.Access(e, v, "this." + v.name(), subs));
        else if (e.array instanceof FieldAccessContext f && nameChain(f.expression())
                && !(f.expression() instanceof NameContext n && out.names.get(n) instanceof Symbol.Variable qv && qv.isMultiarray()))
            qualified.add(new Object[] {e, subs});
    }

    /** Classifies a subscript; allows the index name in it. */
    private Attribution.Subscript subscript(ExpressionContext s) {
        ExpressionContext e = s;
        while (e instanceof ParenthesizedContext p) e = p.expression();
        if (e instanceof NameContext n && lookup(n.getText()) instanceof Symbol.Index idx) {
            allowIndex(n);
            return new Attribution.IndexSubscript(s, idx, 0, true);
        }
        if (e instanceof AdditiveContext a && a.expression(0) instanceof NameContext n
                && lookup(n.getText()) instanceof Symbol.Index idx) {
            allowIndex(n);
            Integer k = intLiteral(a.expression(1));
            int sign = a.op.getType() == HPJavaParser.SUB ? -1 : 1;
            return new Attribution.IndexSubscript(s, idx, k == null ? 0 : sign * k, k != null);
        }
        if (e instanceof AdditiveContext a && a.op.getType() == HPJavaParser.ADD && a.expression(1) instanceof NameContext n
                && lookup(n.getText()) instanceof Symbol.Index idx) {
            allowIndex(n);
            Integer k = intLiteral(a.expression(0));
            return new Attribution.IndexSubscript(s, idx, k == null ? 0 : k, k != null);
        }
        return new Attribution.IntSubscript(s);
    }

    private void typeSection(SectionContext s) {
        MultiarrayType base = out.expressionTypes.get(s.array);
        if (base == null || !base.slotsKnown() || s.sectionSubscript().size() != base.rank()) return;
        List<Boolean> slots = new ArrayList<>();
        for (int r = 0; r < base.rank(); r++) {
            if (s.sectionSubscript(r) instanceof HPJavaParser.SplitSubscriptContext) {
                if (!base.distributed().get(r)) return;   // reported by the checker (SPLIT_NOT_SECTION)
                slots.add(true);   // <>: the process dimension, then the local storage as a sequential dimension
                slots.add(false);
            } else if (!(s.sectionSubscript(r) instanceof ScalarSubscriptContext)) slots.add(base.distributed().get(r));
        }
        out.expressionTypes.put(s, base.withSlots(slots));
    }

    static Interval interval(ParserRuleContext c) {
        return c.getSourceInterval();
    }
}
