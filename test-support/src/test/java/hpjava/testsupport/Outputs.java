package hpjava.testsupport;

/** A child that prints rank-prefixed and plain lines on both streams, then exits with status 7. */
public final class Outputs {
    public static void main(String[] args) {
        System.out.println("[0] zero says " + System.getenv("TESTSUPPORT_GREETING"));
        System.out.println("[10] ten");
        System.out.println("[2] two");
        System.out.println("plain");
        System.err.println("[2] two on stderr");
        System.exit(7);
    }
}
