package hpjava.mpjdev;

/**
 * An object section named a class that the mpjdev object filter does not admit (see {@link Buffer}): only the
 * program's own classes and JDK value types may travel.
 */
public class ObjectRejectedException extends DeviceException {
    private static final long serialVersionUID = 1L;
    private final String className;

    public ObjectRejectedException(String className) {
        super("refused to deserialize an object of class " + className + ": object messages may hold only the program's own "
                + "classes and JDK value types (boxes, String, BigInteger/BigDecimal, java.util collections, java.time, "
                + "arrays of these)");
        this.className = className;
    }

    /** The rejected class. */
    public String className() {
        return className;
    }
}
