package hpjava.mpjdev;

/**
 * An object section named a class that the mpjdev object filter does not admit (see {@link Buffer}): only the
 * program's own classes and JDK value types may travel.
 */
public class ObjectRejectedException extends DeviceException {
    private static final long serialVersionUID = 1L;
    private final String className;

    public ObjectRejectedException(String className) {
        this(className, "refused to deserialize an object of class " + className + ": object messages may hold only the program's own "
                + "classes and JDK value types (boxes, String, BigInteger/BigDecimal, java.util collections, java.time, "
                + "arrays of these; never the tool chain's classes)");
    }

    private ObjectRejectedException(String className, String message) {
        super(message);
        this.className = className;
    }

    /** A message over one of the filter's limits ({@code limit} names it); {@link #className()} is empty. */
    static ObjectRejectedException overLimit(String limit) {
        return new ObjectRejectedException("", "refused to deserialize an object message: its " + limit
                + " (object messages are limited in nesting depth, references, array length and bytes, so that no "
                + "message can keep the receiver busy: a nesting bomb)");
    }

    /** The rejected class. */
    public String className() {
        return className;
    }
}
