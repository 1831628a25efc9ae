package hpjava.lsp;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.concurrent.ExecutionException;

import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * {@code bin/hpjava-language-server}: the HPJava language server on stdin/stdout (JSON-RPC). Anything else printed to
 * System.out by libraries goes to stderr, so that it cannot corrupt the protocol stream.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws InterruptedException, ExecutionException {
        for (String a : args) {
            if (a.equals("--help") || a.equals("-h")) {
                System.out.println("usage: hpjava-language-server [--stdio]   (the LSP server on stdin/stdout)");
                return;
            }
            if (!a.equals("--stdio")) {
                System.err.println("hpjava-language-server: unknown argument '" + a + "' (only --stdio is accepted)");
                System.exit(2);
            }
        }
        InputStream in = System.in;
        PrintStream out = System.out;
        System.setOut(System.err);
        HpjavaLanguageServer server = new HpjavaLanguageServer();
        Launcher<LanguageClient> launcher = LSPLauncher.createServerLauncher(server, in, out);
        server.connect(launcher.getRemoteProxy());
        launcher.startListening().get();
    }
}
