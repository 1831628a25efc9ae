package hpjava.testsupport;

/** A child that requires a command that does not exist and prints what became of it (skip or failure). */
public final class RequirementProbe {
    public static void main(String[] args) {
        try {
            Requires.command("hpjava-no-such-command", "nothing installs it");
            System.out.println("MET");
        } catch (Throwable t) {
            System.out.println(t.getClass().getName() + ": " + t.getMessage());
        }
    }
}
