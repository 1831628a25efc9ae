/*
 * Parser for HPJava: Java 25 (JLS 25, chapters 7-15; final features only) plus the HPJava extensions (spec
 * sections 3 and 5).
 *
 * HPJava constructs, each with a rule or alternative label of its own so the translator can dispatch on them:
 *   multiarray type  T [[-,*]]       type, with its multiarrayShape (slots: #distributedSlot / #sequentialSlot)
 *   creation         new T [[x, y]] on g   creator #multiarrayCreator (multiarrayCreatorRest)
 *   on (g) S                         statement #onStatement
 *   overall (i = x for l : u : s) S  statement #overallStatement (overallBounds: #wholeRange / #boundedRange)
 *   at (i = x[n]) S                  statement #atStatement
 *   i`                               expression #globalIndex
 *   a[i, j]                          expression #elementAccess (also plain Java a[i])
 *   a[[l:u:s, :, 3]], x[[l:u]]       expression #section (sectionSubscript: #tripletSubscript / #scalarSubscript)
 *   p / i                            expression #multiplicative (plain division; the translator gives it meaning)
 *
 * Where the grammar is ambiguous the first alternative wins (ANTLR's rule). That is used on purpose:
 *  - statement: #expressionStatement precedes #onStatement and #atStatement, so text that reads as a Java
 *    expression statement is one ('on(x);', 'at(i = x[n]);' are calls); 'on (p) { ... }', 'on (p) f();' and
 *    'at (i = x[n]) a[i] = 0;' cannot be expressions and are HPJava.
 *  - expression: #parenthesized precedes a cast, so '(a) - b' is a subtraction, as in Java (JLS 15.16).
 *
 * Java 25 forms and where they are in the tree:
 *   unnamed variable '_'          UNDERSCORE where a local, catch, resource, for, lambda or pattern variable's
 *                                 name would be (its identifier() is then null); '_' alone: componentPattern
 *   flexible constructor body     constructorBody: statements before explicitConstructorInvocation are 'prologue'
 *   'import module M;'            importDeclaration with MODULE() non-null
 *   compact source file           typeDeclaration with a topLevelMember (a method or field outside any class)
 */
parser grammar HPJavaParser;

options { tokenVocab = HPJavaLexer; }

// ===================================================================== Compilation units (JLS 7)

compilationUnit
    : packageDeclaration? importDeclaration* typeDeclaration* EOF   #ordinaryCompilationUnit
    | importDeclaration* moduleDeclaration EOF                      #modularCompilationUnit
    ;

packageDeclaration
    : annotation* PACKAGE qualifiedName SEMI
    ;

/** Single-type, on-demand and static imports, and module imports 'import module M;' (JLS 7.5.5). */
importDeclaration
    : IMPORT (MODULE qualifiedName | STATIC? qualifiedName (DOT MUL)?) SEMI
    ;

/** A top-level class or interface, or a member of a compact source file's implicit class (JLS 7.3, 8.1.8). */
typeDeclaration
    : classModifier* classOrInterfaceDeclaration
    | classModifier* topLevelMember
    | SEMI
    ;

/** A method or field declared outside any class: the file is a compact source file (its class is implicit). */
topLevelMember
    : methodDeclaration
    | fieldDeclaration
    ;

classOrInterfaceDeclaration
    : classDeclaration
    | enumDeclaration
    | recordDeclaration
    | interfaceDeclaration
    | annotationInterfaceDeclaration
    ;

moduleDeclaration
    : annotation* OPEN? MODULE qualifiedName LBRACE moduleDirective* RBRACE
    ;

moduleDirective
    : REQUIRES requiresModifier* qualifiedName SEMI                                    #requiresDirective
    | EXPORTS qualifiedName (TO qualifiedName (COMMA qualifiedName)*)? SEMI            #exportsDirective
    | OPENS qualifiedName (TO qualifiedName (COMMA qualifiedName)*)? SEMI              #opensDirective
    | USES qualifiedName SEMI                                                          #usesDirective
    | PROVIDES qualifiedName WITH qualifiedName (COMMA qualifiedName)* SEMI            #providesDirective
    ;

requiresModifier
    : TRANSITIVE
    | STATIC
    ;

// ===================================================================== Modifiers

/** Modifiers of top-level and member types, fields, methods and constructors. */
classModifier
    : annotation
    | PUBLIC | PROTECTED | PRIVATE | STATIC | ABSTRACT | FINAL | STRICTFP | SEALED | NON_SEALED
    | NATIVE | SYNCHRONIZED | TRANSIENT | VOLATILE | DEFAULT
    ;

/** Modifiers of local classes and interfaces (no 'default', which would clash with switch labels). */
localClassModifier
    : annotation
    | ABSTRACT | FINAL | STATIC | STRICTFP | SEALED | NON_SEALED
    ;

variableModifier
    : FINAL
    | annotation
    ;

// ===================================================================== Classes, interfaces, enums, records (JLS 8, 9)

classDeclaration
    : CLASS identifier typeParameters? (EXTENDS type)? (IMPLEMENTS typeList)? (PERMITS typeList)? classBody
    ;

interfaceDeclaration
    : INTERFACE identifier typeParameters? (EXTENDS typeList)? (PERMITS typeList)? classBody
    ;

annotationInterfaceDeclaration
    : ATSIGN INTERFACE identifier classBody
    ;

enumDeclaration
    : ENUM identifier (IMPLEMENTS typeList)? LBRACE enumConstants? COMMA? enumBodyDeclarations? RBRACE
    ;

enumConstants
    : enumConstant (COMMA enumConstant)*
    ;

enumConstant
    : annotation* identifier arguments? classBody?
    ;

enumBodyDeclarations
    : SEMI classBodyDeclaration*
    ;

recordDeclaration
    : RECORD identifier typeParameters? recordHeader (IMPLEMENTS typeList)? classBody
    ;

recordHeader
    : LPAREN (recordComponent (COMMA recordComponent)*)? RPAREN
    ;

recordComponent
    : type (annotation* ELLIPSIS)? identifier
    ;

typeList
    : type (COMMA type)*
    ;

/** The body of a class, interface, enum, record or annotation interface. */
classBody
    : LBRACE classBodyDeclaration* RBRACE
    ;

classBodyDeclaration
    : SEMI                                   #emptyMember
    | STATIC? block                          #initializer
    | classModifier* memberDeclaration       #member
    ;

memberDeclaration
    : methodDeclaration
    | constructorDeclaration
    | compactConstructorDeclaration
    | fieldDeclaration
    | classOrInterfaceDeclaration
    ;

/** Methods of classes and interfaces, and elements of annotation interfaces (with 'default' values). */
methodDeclaration
    : typeParameters? resultType identifier formalParameters dims? throwsClause?
      (DEFAULT elementValue)? methodBody
    ;

resultType
    : type
    | annotation* VOID
    ;

methodBody
    : block
    | SEMI
    ;

throwsClause
    : THROWS type (COMMA type)*
    ;

constructorDeclaration
    : typeParameters? identifier formalParameters throwsClause? constructorBody
    ;

/** A record's compact canonical constructor. */
compactConstructorDeclaration
    : identifier constructorBody
    ;

/**
 * JLS 25 8.8.7: statements may precede the explicit constructor invocation (the prologue, which may not use
 * 'this'); blockStatement() lists prologue and epilogue in source order.
 */
constructorBody
    : LBRACE (prologue+=blockStatement)* (explicitConstructorInvocation blockStatement*)? RBRACE
    ;

explicitConstructorInvocation
    : typeArguments? (THIS | SUPER) arguments SEMI
    | expression DOT typeArguments? SUPER arguments SEMI
    ;

fieldDeclaration
    : type variableDeclarators SEMI
    ;

formalParameters
    : LPAREN (receiverParameter (COMMA formalParameter)* | formalParameter (COMMA formalParameter)*)? RPAREN
    ;

receiverParameter
    : type (identifier DOT)* THIS
    ;

formalParameter
    : variableModifier* type (annotation* ELLIPSIS)? variableDeclaratorId
    ;

variableDeclarators
    : variableDeclarator (COMMA variableDeclarator)*
    ;

variableDeclarator
    : variableDeclaratorId (ASSIGN variableInitializer)?
    ;

/** A declared variable's name; '_' (UNDERSCORE, identifier() null) declares an unnamed variable (JLS 6.1). */
variableDeclaratorId
    : (identifier | UNDERSCORE) dims?
    ;

variableInitializer
    : arrayInitializer
    | expression
    ;

arrayInitializer
    : LBRACE (variableInitializer (COMMA variableInitializer)*)? COMMA? RBRACE
    ;

// ===================================================================== Types (JLS 4) and multiarray types (spec 3)

/**
 * A type. With a multiarrayShape it is an HPJava multiarray type whose element type is the javaType before the
 * shape: 'float [[-,*]]', 'int[] [[-]]', 'Cell [[]]' (rank 0).
 */
type
    : javaType multiarrayShape?
    ;

/** A reference type (JLS 4.3): class or interface type, or array type; the type test of instanceof. */
referenceType
    : annotation* (classType dims? | primitiveType dims)
    ;

/** A Java type (JLS 4): primitive or class/interface type, possibly an array type, with type annotations. */
javaType
    : annotation* (primitiveType | classType) dims?
    ;

primitiveType
    : BOOLEAN | CHAR | BYTE | SHORT | INT | LONG | FLOAT | DOUBLE
    ;

/** A possibly qualified class or interface type; each component may carry type arguments and annotations. */
classType
    : identifier typeArguments? (DOT annotation* identifier typeArguments?)*
    ;

dims
    : (annotation* LBRACK RBRACK)+
    ;

/** '[[' slots ']]': one slot per dimension, '-' distributed, '*' sequential; none for rank 0. */
multiarrayShape
    : LBRACK LBRACK (multiarraySlot (COMMA multiarraySlot)*)? RBRACK RBRACK
    ;

multiarraySlot
    : SUB     #distributedSlot
    | MUL     #sequentialSlot
    ;

/** Type arguments, or the diamond '<>' (accepted everywhere; only meaningful after 'new'). */
typeArguments
    : LT (typeArgument (COMMA typeArgument)*)? GT
    ;

typeArgument
    : type
    | annotation* QUESTION ((EXTENDS | SUPER) type)?
    ;

typeParameters
    : LT typeParameter (COMMA typeParameter)* GT
    ;

typeParameter
    : annotation* identifier (EXTENDS type (BITAND type)*)?
    ;

qualifiedName
    : identifier (DOT identifier)*
    ;

/** A name: a plain identifier or a contextual keyword (Java's, and HPJava's 'on', 'overall', 'at'). */
identifier
    : IDENTIFIER
    | EXPORTS | MODULE | OPEN | OPENS | PERMITS | PROVIDES | RECORD | REQUIRES | SEALED | TO | TRANSITIVE
    | USES | VAR | WHEN | WITH | YIELD
    | ON | OVERALL | AT
    ;

// ===================================================================== Annotations (JLS 9.7)

annotation
    : ATSIGN qualifiedName (LPAREN (elementValuePair (COMMA elementValuePair)* | elementValue)? RPAREN)?
    ;

elementValuePair
    : identifier ASSIGN elementValue
    ;

elementValue
    : expression
    | annotation
    | elementValueArrayInitializer
    ;

elementValueArrayInitializer
    : LBRACE (elementValue (COMMA elementValue)*)? COMMA? RBRACE
    ;

// ===================================================================== Blocks and statements (JLS 14, spec 5)

block
    : LBRACE blockStatement* RBRACE
    ;

blockStatement
    : localVariableDeclaration SEMI                      #localVariableDeclarationStatement
    | localClassModifier* classOrInterfaceDeclaration    #localClassDeclaration
    | statement                                          #plainStatement
    ;

localVariableDeclaration
    : variableModifier* type variableDeclarators
    ;

statement
    : block                                                                        #nestedBlock
    | SEMI                                                                         #emptyStatement
    | identifier COLON statement                                                   #labeledStatement
    | ASSERT expression (COLON expression)? SEMI                                   #assertStatement
    | IF parExpression statement (ELSE statement)?                                 #ifStatement
    | WHILE parExpression statement                                                #whileStatement
    | DO statement WHILE parExpression SEMI                                        #doStatement
    | FOR LPAREN forInit? SEMI expression? SEMI expressionList? RPAREN statement   #forStatement
    | FOR LPAREN localVariableDeclarationHead COLON expression RPAREN statement     #enhancedForStatement
    | TRY block catchClause* finallyClause?                                        #tryStatement
    | TRY resourceSpecification block catchClause* finallyClause?                  #tryWithResourcesStatement
    | SWITCH parExpression switchBlock                                             #switchStatement
    | SYNCHRONIZED parExpression block                                             #synchronizedStatement
    | RETURN expression? SEMI                                                      #returnStatement
    | THROW expression SEMI                                                        #throwStatement
    | BREAK identifier? SEMI                                                       #breakStatement
    | CONTINUE identifier? SEMI                                                    #continueStatement
    | YIELD expression SEMI                                                        #yieldStatement
    | expression SEMI                                                              #expressionStatement
    // ---- HPJava (spec 5) ----
    | ON LPAREN group=expression RPAREN statement                                  #onStatement
    | OVERALL LPAREN (index=identifier | UNDERSCORE) ASSIGN range=expression FOR overallBounds RPAREN statement
                                                                                   #overallStatement
    | AT LPAREN (index=identifier | UNDERSCORE) ASSIGN range=expression LBRACK location=expression RBRACK RPAREN statement
                                                                                   #atStatement
    ;

/** The iteration space of 'overall': 'for :' (whole range) or 'for l : u' or 'for l : u : s'. */
overallBounds
    : COLON                                                             #wholeRange
    | lower=expression COLON upper=expression (COLON stride=expression)?  #boundedRange
    ;

/** The declaration part of an enhanced for: 'final var x', 'String s'. */
localVariableDeclarationHead
    : variableModifier* type variableDeclaratorId
    ;

forInit
    : localVariableDeclaration
    | expressionList
    ;

parExpression
    : LPAREN expression RPAREN
    ;

catchClause
    : CATCH LPAREN variableModifier* type (BITOR type)* (identifier | UNDERSCORE) RPAREN block
    ;

finallyClause
    : FINALLY block
    ;

resourceSpecification
    : LPAREN resource (SEMI resource)* SEMI? RPAREN
    ;

resource
    : variableModifier* type variableDeclaratorId ASSIGN expression
    | expression
    ;

// ---- switch (JLS 14.11, 15.28): either all rules ('->') or all groups (':') ----

switchBlock
    : LBRACE switchRule+ RBRACE
    | LBRACE switchBlockStatementGroup* RBRACE
    ;

switchRule
    : switchLabel ARROW (expression SEMI | block | THROW expression SEMI)
    ;

switchBlockStatementGroup
    : (switchLabel COLON)+ blockStatement*
    ;

switchLabel
    : CASE caseLabelElement (COMMA caseLabelElement)* guard?
    | DEFAULT
    ;

caseLabelElement
    : pattern
    | DEFAULT
    | expression
    ;

guard
    : WHEN expression
    ;

/** Patterns (JLS 14.30): type patterns (unnamed with '_', identifier() null) and record patterns. */
pattern
    : variableModifier* type (identifier | UNDERSCORE)        #typePattern
    | type LPAREN (componentPattern (COMMA componentPattern)*)? RPAREN
                                                              #recordPattern
    ;

/** A record pattern's component: a pattern, or '_' that matches anything and binds nothing. */
componentPattern
    : pattern
    | UNDERSCORE
    ;

// ===================================================================== Expressions (JLS 15, spec 5)

expressionList
    : expression (COMMA expression)*
    ;

arguments
    : LPAREN expressionList? RPAREN
    ;

/** Operators from tightest to loosest binding; every alternative has a label the translator can dispatch on. */
expression
    : LPAREN expression RPAREN                                                     #parenthesized
    | literal                                                                      #literalExpression
    | THIS                                                                         #thisExpression
    | SUPER DOT typeArguments? identifier arguments?                               #superMember
    | SUPER COLONCOLON typeArguments? identifier                                   #superMethodReference
    | identifier arguments                                                         #unqualifiedMethodCall
    | identifier                                                                   #name
    | NEW creator                                                                  #creation
    | type COLONCOLON typeArguments? (identifier | NEW)                            #typeMethodReference
    | resultType DOT CLASS                                                         #classLiteral
    | expression DOT identifier                                                    #fieldAccess
    | expression DOT typeArguments? identifier arguments                           #methodCall
    | expression DOT THIS                                                          #qualifiedThis
    | expression DOT SUPER DOT typeArguments? identifier arguments?                #qualifiedSuperMember
    | expression DOT SUPER COLONCOLON typeArguments? identifier                    #qualifiedSuperMethodReference
    | expression DOT NEW typeArguments? annotation* identifier typeArguments? arguments classBody?
                                                                                   #qualifiedClassCreation
    | array=expression LBRACK subscripts+=expression (COMMA subscripts+=expression)* RBRACK
                                                                                   #elementAccess
    | array=expression LBRACK LBRACK sectionSubscript (COMMA sectionSubscript)* RBRACK RBRACK
                                                                                   #section
    | expression COLONCOLON typeArguments? (identifier | NEW)                      #methodReference
    | expression postfix=(INC | DEC)                                               #postfixExpression
    | expression BACKQUOTE                                                         #globalIndex
    | prefix=(ADD | SUB | INC | DEC | TILDE | BANG) expression                     #prefixExpression
    | LPAREN type (BITAND type)* RPAREN expression                     #castExpression
    | SWITCH parExpression switchBlock                                             #switchExpression
    | expression op=(MUL | DIV | MOD) expression                                   #multiplicative
    | expression op=(ADD | SUB) expression                                         #additive
    | expression shiftOperator expression                                          #shift
    | expression op=(LT | GT | LE | GE) expression                                 #relational
    | expression INSTANCEOF (pattern | referenceType)                              #instanceOf
    | expression op=(EQUAL | NOTEQUAL) expression                                  #equality
    | expression BITAND expression                                                 #bitwiseAnd
    | expression CARET expression                                                  #bitwiseXor
    | expression BITOR expression                                                  #bitwiseOr
    | expression AND expression                                                    #conditionalAnd
    | expression OR expression                                                     #conditionalOr
    | <assoc = right> expression QUESTION expression COLON expression              #conditional
    | <assoc = right> expression assignmentOperator expression                     #assignment
    | lambdaParameters ARROW lambdaBody                                            #lambda
    ;

/** '<<', '>>' and '>>>' are two or three tokens (see the lexer). */
shiftOperator
    : LT LT
    | GT GT GT
    | GT GT
    ;

assignmentOperator
    : ASSIGN | ADD_ASSIGN | SUB_ASSIGN | MUL_ASSIGN | DIV_ASSIGN | AND_ASSIGN | OR_ASSIGN | XOR_ASSIGN
    | MOD_ASSIGN | LSHIFT_ASSIGN | RSHIFT_ASSIGN | URSHIFT_ASSIGN
    ;

/**
 * One subscript of a section a[[...]] or of a subrange x[[...]] (spec 5): a triplet 'l:u' or 'l:u:s', the whole
 * dimension ':' (a #tripletSubscript without bounds), a scalar, which drops the dimension, or '<>' (dimension
 * splitting, HPJava manual's low-level SPMD chapter: the distributed dimension becomes its process dimension and a
 * sequential dimension over the local storage).
 */
sectionSubscript
    : lower=expression COLON upper=expression (COLON stride=expression)?     #tripletSubscript
    | COLON                                                                  #tripletSubscript
    | LT GT                                                                  #splitSubscript
    | expression                                                             #scalarSubscript
    ;

literal
    : INTEGER_LITERAL
    | FLOATING_POINT_LITERAL
    | CHARACTER_LITERAL
    | STRING_LITERAL
    | TEXT_BLOCK
    | BOOLEAN_LITERAL
    | NULL_LITERAL
    ;

/** What follows 'new'. */
creator
    : typeArguments? annotation* classType arguments classBody?                       #classCreator
    | annotation* (primitiveType | classType) arrayCreatorRest                         #arrayCreator
    | javaType multiarrayCreatorRest                                                   #multiarrayCreator
    ;

arrayCreatorRest
    : dims arrayInitializer
    | (annotation* LBRACK expression RBRACK)+ dims?
    ;

/** HPJava creation 'new T [[e0, ..., eR-1]] on g': a Range or int extent per slot, optional distribution group. */
multiarrayCreatorRest
    : LBRACK LBRACK expressionList? RBRACK RBRACK (ON group=expression)?
    ;

/** Lambda parameters; an inferred parameter may be '_' (unnamed, not in identifier()). */
lambdaParameters
    : identifier
    | UNDERSCORE
    | LPAREN (formalParameter (COMMA formalParameter)*)? RPAREN
    | LPAREN (identifier | UNDERSCORE) (COMMA (identifier | UNDERSCORE))* RPAREN
    ;

lambdaBody
    : expression
    | block
    ;
