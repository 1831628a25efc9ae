package hpjava.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The server in-process, spoken to over JSON-RPC through piped streams by lsp4j's own client launcher. */
class LanguageServerTest {
    private static final String URI = "file:///nowhere/Demo.hpj";
    private static final String DEMO = """
            public class Demo {
              public static void main(String[] args) {
                Procs1 p = new Procs1();
                on (p) {
                  Range x = new BlockRange(100, p.dim(0));
                  float [[-]] a = new float [[x]];
                  overall (i = x for :)
                    a[0] = i`;
                }
              }
            }
            """;

    private final BlockingQueue<PublishDiagnosticsParams> diagnostics = new LinkedBlockingQueue<>();
    private LanguageServer server;
    private PipedOutputStream toServer;

    @BeforeEach
    void start() throws IOException, InterruptedException, ExecutionException {
        PipedInputStream serverIn = new PipedInputStream(1 << 16);
        toServer = new PipedOutputStream(serverIn);
        PipedInputStream clientIn = new PipedInputStream(1 << 16);
        PipedOutputStream fromServer = new PipedOutputStream(clientIn);
        HpjavaLanguageServer impl = new HpjavaLanguageServer();
        Launcher<LanguageClient> serverLauncher = LSPLauncher.createServerLauncher(impl, serverIn, fromServer);
        impl.connect(serverLauncher.getRemoteProxy());
        serverLauncher.startListening();
        Launcher<LanguageServer> clientLauncher = LSPLauncher.createClientLauncher(new Client(), clientIn, toServer);
        clientLauncher.startListening();
        server = clientLauncher.getRemoteProxy();
        server.initialize(new InitializeParams()).get();
    }

    @AfterEach
    void stop() throws IOException {
        server.shutdown();
        toServer.close();
    }

    private void open(String text) {
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(URI, "hpjava", 1, text)));
    }

    @Test
    void publishesKeyedDiagnosticAtItsRange() throws InterruptedException {
        open(DEMO);
        PublishDiagnosticsParams p = diagnostics.poll(60, TimeUnit.SECONDS);
        assertNotNull(p, "no diagnostics within 60 s");
        assertEquals(1, p.getDiagnostics().size(), p.toString());
        var d = p.getDiagnostics().getFirst();
        assertEquals("hpj.INT_IN_DISTRIBUTED_SLOT", d.getCode().getLeft());
        assertEquals(new Position(7, 10), d.getRange().getStart()); // the 0 of a[0]
        assertEquals(new Position(7, 11), d.getRange().getEnd());
        assertEquals("hpjavac", d.getSource());
    }

    @Test
    void hoverSymbolsAndCompletionOverJsonRpc() throws Exception {
        open(DEMO);
        TextDocumentIdentifier doc = new TextDocumentIdentifier(URI);
        Hover h = server.getTextDocumentService().hover(new HoverParams(doc, new Position(5, 18))).get(30, TimeUnit.SECONDS);
        assertTrue(h.getContents().getRight().getValue().contains("float [[-]] a"), h.toString());
        assertNull(server.getTextDocumentService().hover(new HoverParams(doc, new Position(0, 0))).get(30, TimeUnit.SECONDS));
        List<DocumentSymbol> symbols = server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(doc))
                .get(30, TimeUnit.SECONDS).stream().map(e -> e.getRight()).toList();
        DocumentSymbol main = symbols.getFirst().getChildren().getFirst();
        assertEquals("main", main.getName());
        assertEquals("on (p)", main.getChildren().getFirst().getName());
        assertEquals("overall (i = x for :)", main.getChildren().getFirst().getChildren().getFirst().getName());
        var items = server.getTextDocumentService().completion(new CompletionParams(doc, new Position(7, 6)))
                .get(30, TimeUnit.SECONDS).getLeft();
        assertTrue(items.stream().anyMatch(i -> i.getLabel().equals("overall")), items.toString());
    }

    @Test
    void requestOnUnknownDocumentIsAnLspError() {
        var f = server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier("file:///none.hpj"), new Position(0, 0)));
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(30, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof ResponseErrorException, e.toString());
        assertTrue(e.getCause().getMessage().contains("document not open"), e.getCause().getMessage());
    }

    /** Collects published diagnostics; everything else is ignored. */
    private final class Client implements LanguageClient {
        @Override public void telemetryEvent(Object object) { }
        @Override public void publishDiagnostics(PublishDiagnosticsParams d) { diagnostics.add(d); }
        @Override public void showMessage(MessageParams m) { }
        @Override public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams r) {
            return CompletableFuture.completedFuture(null);
        }
        @Override public void logMessage(MessageParams m) { }
    }
}
