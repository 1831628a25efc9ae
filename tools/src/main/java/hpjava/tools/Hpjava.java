package hpjava.tools;

import java.io.PrintStream;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code hpjava COMMAND ...}: {@code hpjava run} ({@link RunCommand}) and {@code hpjava completion}. */
@Command(name = "hpjava", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        customSynopsis = "hpjava run [OPTIONS] PROGRAM [--] [ARGS...]   (hpjava run --help)%n",
        description = "Runs HPJava programs.",
        subcommands = {RunCommand.class, CompletionCommand.class})
public final class Hpjava implements Runnable {

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs {@code hpjava} with {@code args} and returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return ToolSupport.execute(commandLine(), args, out, err);
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Hpjava());
        // Everything after the program is the program's: RunCommand refuses our own options there (see ProgramLine).
        CommandLine run = cl.getSubcommands().get("run");
        run.setStopAtPositional(true);
        // --jvm-arg=-Dx=y and --jvm-arg -Xmx2g: a value may look like an option.
        run.setAllowOptionsAsOptionParameters(true);
        return cl;
    }

    @Override
    public void run() {
        throw new ToolSupport.UsageError("no command given (the command is: hpjava run ...)");
    }
}
