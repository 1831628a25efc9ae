/*
 * Lexer for HPJava: Java 25 (JLS 25, chapter 3) plus the HPJava extensions (spec sections 3 and 5).
 *
 * Contracts the parser and the translator rely on:
 *  - Comments and white space go to the HIDDEN channel (never skipped), so tools can recover them.
 *  - '>' is always a token of its own: '>>' and '>>>' are assembled by the parser, so that nested type
 *    arguments (List<List<T>>) close correctly. Only the compound assignments '>>=' and '>>>=' are single tokens.
 *  - '[' and ']' are always single tokens; the HPJava brackets '[[' and ']]' are two tokens each, assembled by the
 *    parser (so 'a[b[i]]' still lexes as it does in Java).
 *  - Contextual keywords (Java's 'var', 'record', 'sealed', module words, ... and HPJava's 'on', 'overall', 'at')
 *    have token types of their own, and the parser rule 'identifier' accepts them wherever a name may appear.
 *  - '_' is not an identifier (a keyword since Java 9): the parser takes UNDERSCORE where an unnamed variable or
 *    pattern may appear.
 */
lexer grammar HPJavaLexer;

// ---- Reserved keywords (JLS 3.9) ----
ABSTRACT     : 'abstract';
ASSERT       : 'assert';
BOOLEAN      : 'boolean';
BREAK        : 'break';
BYTE         : 'byte';
CASE         : 'case';
CATCH        : 'catch';
CHAR         : 'char';
CLASS        : 'class';
CONST        : 'const';
CONTINUE     : 'continue';
DEFAULT      : 'default';
DO           : 'do';
DOUBLE       : 'double';
ELSE         : 'else';
ENUM         : 'enum';
EXTENDS      : 'extends';
FINAL        : 'final';
FINALLY      : 'finally';
FLOAT        : 'float';
FOR          : 'for';
GOTO         : 'goto';
IF           : 'if';
IMPLEMENTS   : 'implements';
IMPORT       : 'import';
INSTANCEOF   : 'instanceof';
INT          : 'int';
INTERFACE    : 'interface';
LONG         : 'long';
NATIVE       : 'native';
NEW          : 'new';
PACKAGE      : 'package';
PRIVATE      : 'private';
PROTECTED    : 'protected';
PUBLIC       : 'public';
RETURN       : 'return';
SHORT        : 'short';
STATIC       : 'static';
STRICTFP     : 'strictfp';
SUPER        : 'super';
SWITCH       : 'switch';
SYNCHRONIZED : 'synchronized';
THIS         : 'this';
THROW        : 'throw';
THROWS       : 'throws';
TRANSIENT    : 'transient';
TRY          : 'try';
VOID         : 'void';
VOLATILE     : 'volatile';
WHILE        : 'while';
UNDERSCORE   : '_';

// ---- Contextual keywords (JLS 3.9): also identifiers, see parser rule 'identifier' ----
EXPORTS      : 'exports';
MODULE       : 'module';
NON_SEALED   : 'non-sealed';
OPEN         : 'open';
OPENS        : 'opens';
PERMITS      : 'permits';
PROVIDES     : 'provides';
RECORD       : 'record';
REQUIRES     : 'requires';
SEALED       : 'sealed';
TO           : 'to';
TRANSITIVE   : 'transitive';
USES         : 'uses';
VAR          : 'var';
WHEN         : 'when';
WITH         : 'with';
YIELD        : 'yield';

// ---- HPJava contextual keywords (spec section 5): also identifiers ----
ON           : 'on';
OVERALL      : 'overall';
AT           : 'at';

// ---- Literals (JLS 3.10) ----
INTEGER_LITERAL
    : ( DecimalNumeral | HexNumeral | OctalNumeral | BinaryNumeral ) [lL]?
    ;

FLOATING_POINT_LITERAL
    : Digits '.' Digits? ExponentPart? [fFdD]?
    | '.' Digits ExponentPart? [fFdD]?
    | Digits ExponentPart [fFdD]?
    | Digits [fFdD]
    | '0' [xX] ( HexDigits '.'? | HexDigits? '.' HexDigits ) [pP] [+-]? Digits [fFdD]?
    ;

BOOLEAN_LITERAL : 'true' | 'false';
NULL_LITERAL    : 'null';

CHARACTER_LITERAL : '\'' ( ~['\\\r\n] | EscapeSequence ) '\'';

// A text block: opening delimiter, optional blanks, a line terminator, then anything up to the closing delimiter.
TEXT_BLOCK : '"""' [ \t\f]* ( '\r'? '\n' | '\r' ) ( ~'\\' | '\\' . )*? '"""';

STRING_LITERAL : '"' ( ~["\\\r\n] | EscapeSequence )* '"';

// ---- Separators (JLS 3.11) ----
LPAREN     : '(';
RPAREN     : ')';
LBRACE     : '{';
RBRACE     : '}';
LBRACK     : '[';
RBRACK     : ']';
SEMI       : ';';
COMMA      : ',';
DOT        : '.';
ELLIPSIS   : '...';
ATSIGN     : '@';
COLONCOLON : '::';

// ---- Operators (JLS 3.12) ----
ASSIGN   : '=';
GT       : '>';
LT       : '<';
BANG     : '!';
TILDE    : '~';
QUESTION : '?';
COLON    : ':';
ARROW    : '->';
EQUAL    : '==';
LE       : '<=';
GE       : '>=';
NOTEQUAL : '!=';
AND      : '&&';
OR       : '||';
INC      : '++';
DEC      : '--';
ADD      : '+';
SUB      : '-';
MUL      : '*';
DIV      : '/';
BITAND   : '&';
BITOR    : '|';
CARET    : '^';
MOD      : '%';

ADD_ASSIGN     : '+=';
SUB_ASSIGN     : '-=';
MUL_ASSIGN     : '*=';
DIV_ASSIGN     : '/=';
AND_ASSIGN     : '&=';
OR_ASSIGN      : '|=';
XOR_ASSIGN     : '^=';
MOD_ASSIGN     : '%=';
LSHIFT_ASSIGN  : '<<=';
RSHIFT_ASSIGN  : '>>=';
URSHIFT_ASSIGN : '>>>=';

// ---- HPJava operator: postfix global index of a distributed index, i` (spec section 5) ----
BACKQUOTE : '`';

// ---- Identifiers (JLS 3.8): Character.isJavaIdentifierStart / isJavaIdentifierPart ----
IDENTIFIER : IdentifierStart IdentifierPart*;

// ---- Hidden: white space and comments (JLS 3.6, 3.7) ----
WS           : [ \t\r\n\f\u001a]+ -> channel(HIDDEN);
COMMENT      : '/*' .*? '*/'      -> channel(HIDDEN);
LINE_COMMENT : '//' ~[\r\n]*      -> channel(HIDDEN);

// ---- Fragments ----
fragment DecimalNumeral : '0' | [1-9] ( Digits? | '_'+ Digits );
fragment HexNumeral     : '0' [xX] HexDigits;
fragment OctalNumeral   : '0' '_'* [0-7] ( [0-7_]* [0-7] )?;
fragment BinaryNumeral  : '0' [bB] [01] ( [01_]* [01] )?;
fragment Digits         : [0-9] ( [0-9_]* [0-9] )?;
fragment HexDigits      : HexDigit ( ( HexDigit | '_' )* HexDigit )?;
fragment HexDigit       : [0-9a-fA-F];
fragment ExponentPart   : [eE] [+-]? Digits;

fragment EscapeSequence
    : '\\' [btnfrs"'\\]
    | '\\' ( [0-3]? [0-7] )? [0-7]
    | '\\' 'u'+ HexDigit HexDigit HexDigit HexDigit
    ;

fragment IdentifierStart
    : [\p{L}\p{Nl}\p{Sc}\p{Pc}]
    | UnicodeEscape
    ;

fragment IdentifierPart
    : [\p{L}\p{Nl}\p{Sc}\p{Pc}\p{Nd}\p{Mn}\p{Mc}\p{Cf}\u0000-\u0008\u000E-\u001B\u007F-\u009F]
    | UnicodeEscape
    ;

fragment UnicodeEscape : '\\' 'u'+ HexDigit HexDigit HexDigit HexDigit;
