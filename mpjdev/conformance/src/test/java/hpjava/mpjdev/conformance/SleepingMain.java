package hpjava.mpjdev.conformance;

/** A program that never ends: the subject of the time-limit test. */
public final class SleepingMain {
    private SleepingMain() {}

    public static void main(String[] args) throws InterruptedException {
        System.out.println("sleeping");
        Thread.sleep(Long.MAX_VALUE);
    }
}
