package hpjava.testsupport;

/** A child that says it is sleeping, then sleeps far longer than any test waits. */
public final class Sleeper {
    public static void main(String[] args) throws InterruptedException {
        System.out.println("sleeping");
        System.out.flush();
        Thread.sleep(600_000);
    }
}
