package hpjava.lsp;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.TextDocumentService;

/**
 * The document requests. Diagnostics are computed on a background thread {@value #DEFAULT_DEBOUNCE_MS} ms after the
 * last change (property {@code hpjava.lsp.debounceMs}) and published for the text they were computed on; requests run
 * on one request thread against the current text (PARSE..CHECK, cached per text). A request that fails inside answers
 * with an LSP error (InternalError, with the cause); a document that is not open gives InvalidParams.
 */
final class HpjavaTextDocumentService implements TextDocumentService {
    static final long DEFAULT_DEBOUNCE_MS = 300;

    private final Workspace workspace;
    private final long debounceMs = Long.getLong("hpjava.lsp.debounceMs", DEFAULT_DEBOUNCE_MS);
    private final ScheduledExecutorService analysis = Executors.newSingleThreadScheduledExecutor(daemon("hpjava-lsp-analysis"));
    private final ExecutorService requests = Executors.newSingleThreadExecutor(daemon("hpjava-lsp-requests"));
    private final Map<String, ScheduledFuture<?>> pending = new ConcurrentHashMap<>();
    private volatile LanguageClient client;

    HpjavaTextDocumentService(Workspace workspace) {
        this.workspace = workspace;
    }

    void connect(LanguageClient client) {
        this.client = client;
    }

    void stop() {
        analysis.shutdownNow();
        requests.shutdownNow();
    }

    void reanalyzeAll() {
        for (String uri : List.copyOf(pending.keySet())) schedule(uri, 0);
    }

    // ---- document synchronisation

    @Override
    public void didOpen(DidOpenTextDocumentParams params) {
        workspace.open(params.getTextDocument().getUri(), params.getTextDocument().getText());
        schedule(params.getTextDocument().getUri(), 0);
    }

    @Override
    public void didChange(DidChangeTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        List<TextDocumentContentChangeEvent> changes = params.getContentChanges();
        if (changes.isEmpty()) return;
        // Full sync (the capability we announce): the last change holds the whole text.
        workspace.change(uri, changes.getLast().getText());
        schedule(uri, debounceMs);
    }

    @Override
    public void didClose(DidCloseTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        ScheduledFuture<?> f = pending.remove(uri);
        if (f != null) f.cancel(false);
        workspace.close(uri);
        LanguageClient c = client;
        if (c != null) c.publishDiagnostics(new PublishDiagnosticsParams(uri, List.of()));
    }

    @Override
    public void didSave(DidSaveTextDocumentParams params) {
        // Other open documents may use the saved file's classes: check them again.
        for (String uri : List.copyOf(pending.keySet())) schedule(uri, debounceMs);
    }

    private void schedule(String uri, long delayMs) {
        if (analysis.isShutdown()) return;
        ScheduledFuture<?> f = analysis.schedule(() -> publish(uri), delayMs, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> old = pending.put(uri, f);
        if (old != null) old.cancel(false);
    }

    /** Computes and publishes the diagnostics of the document's current text (CHECK, then ECJ when CHECK is clean). */
    private void publish(String uri) {
        try {
            Analysis a = workspace.analysis(uri);
            if (a == null) return;
            List<hpjava.compiler.diag.Diagnostic> diagnostics = a.diagnostics();
            if (diagnostics.isEmpty())
                diagnostics = Analyzer.javaDiagnostics(new Analyzer.SourceText(Workspace.sourceName(uri), a.text()),
                        workspace.siblings(uri), workspace.classPath());
            if (!a.text().equals(workspace.text(uri))) return; // changed meanwhile: the next run publishes
            LanguageClient c = client;
            if (c != null) c.publishDiagnostics(new PublishDiagnosticsParams(uri, DiagnosticsConverter.convert(a, diagnostics)));
        } catch (RuntimeException | StackOverflowError e) {
            System.err.println("hpjava-language-server: diagnostics of " + uri + " failed: " + e);
            e.printStackTrace(System.err);
        }
    }

    // ---- requests

    @Override
    public CompletableFuture<Hover> hover(HoverParams params) {
        String uri = params.getTextDocument().getUri();
        return request("hover", uri, a -> withProfile(Hovers.hover(a, a.positions().offset(params.getPosition())),
                uri, params.getPosition()));
    }

    /** {@code hover} with the line's communication profile ({@link ProfileLenses}) appended, if there is one. */
    private static Hover withProfile(Hover hover, String uri, org.eclipse.lsp4j.Position at) {
        String profile = ProfileLenses.hoverText(ProfileLenses.of(Workspace.path(uri)), at.getLine());
        if (profile == null) return hover;
        if (hover == null) return new Hover(new org.eclipse.lsp4j.MarkupContent(org.eclipse.lsp4j.MarkupKind.MARKDOWN, profile));
        String md = hover.getContents().getRight().getValue() + "\n\n---\n\n" + profile;
        return new Hover(new org.eclipse.lsp4j.MarkupContent(org.eclipse.lsp4j.MarkupKind.MARKDOWN, md), hover.getRange());
    }

    @Override
    public CompletableFuture<List<? extends org.eclipse.lsp4j.CodeLens>> codeLens(org.eclipse.lsp4j.CodeLensParams params) {
        String uri = params.getTextDocument().getUri();
        return request("codeLens", uri, a -> ProfileLenses.codeLenses(ProfileLenses.of(Workspace.path(uri))));
    }

    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(DefinitionParams params) {
        String uri = params.getTextDocument().getUri();
        return request("definition", uri, a -> Either.forLeft(
                Navigation.definition(a, a.positions().offset(params.getPosition()), () -> workspace.project(uri))));
    }

    @Override
    public CompletableFuture<List<? extends Location>> references(ReferenceParams params) {
        String uri = params.getTextDocument().getUri();
        boolean decl = params.getContext() == null || params.getContext().isIncludeDeclaration();
        return request("references", uri, a -> Navigation.references(a, a.positions().offset(params.getPosition()),
                () -> workspace.project(uri), decl));
    }

    @Override
    public CompletableFuture<List<Either<SymbolInformation, DocumentSymbol>>> documentSymbol(DocumentSymbolParams params) {
        return request("documentSymbol", params.getTextDocument().getUri(),
                a -> Outline.symbols(a).stream().<Either<SymbolInformation, DocumentSymbol>>map(Either::forRight).toList());
    }

    @Override
    public CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion(CompletionParams params) {
        return request("completion", params.getTextDocument().getUri(),
                a -> Either.forLeft(Completions.complete(a, a.positions().offset(params.getPosition()))));
    }

    @Override
    public CompletableFuture<SemanticTokens> semanticTokensFull(SemanticTokensParams params) {
        return request("semanticTokens", params.getTextDocument().getUri(), SemanticTokensBuilder::full);
    }

    /** Runs {@code f} on the current analysis of {@code uri} on the request thread; failures become LSP errors. */
    private <T> CompletableFuture<T> request(String what, String uri, Function<Analysis, T> f) {
        return CompletableFuture.supplyAsync(() -> {
            Analysis a = workspace.analysis(uri);
            if (a == null)
                throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, what + ": document not open: " + uri, null));
            try {
                return f.apply(a);
            } catch (RuntimeException | StackOverflowError e) {
                System.err.println("hpjava-language-server: " + what + " on " + uri + " failed: " + e);
                e.printStackTrace(System.err);
                throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InternalError, what + " failed: " + e, null));
            }
        }, requests);
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
