package hpjava.lsp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.lsp4j.CompletionOptions;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.SemanticTokensWithRegistrationOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The HPJava language server. Settings (initializationOptions or workspace/didChangeConfiguration, section
 * {@code hpjava}): {@code classPath}, a list of jars and class directories user programs compile against (besides
 * HPJava's own libraries).
 */
public final class HpjavaLanguageServer implements LanguageServer, LanguageClientAware {
    private final Workspace workspace = new Workspace();
    private final HpjavaTextDocumentService documents = new HpjavaTextDocumentService(workspace);
    private final HpjavaWorkspaceService workspaceService = new HpjavaWorkspaceService(this);
    private volatile boolean shutdown;

    @Override
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        List<Path> roots = new ArrayList<>();
        if (params.getWorkspaceFolders() != null)
            for (WorkspaceFolder f : params.getWorkspaceFolders()) addRoot(roots, f.getUri());
        else if (params.getRootUri() != null) addRoot(roots, params.getRootUri());
        workspace.setRoots(roots);
        applySettings(params.getInitializationOptions());

        ServerCapabilities caps = new ServerCapabilities();
        caps.setTextDocumentSync(TextDocumentSyncKind.Full);
        caps.setHoverProvider(true);
        caps.setCodeLensProvider(new org.eclipse.lsp4j.CodeLensOptions(false));
        caps.setDefinitionProvider(true);
        caps.setReferencesProvider(true);
        caps.setDocumentSymbolProvider(true);
        caps.setCompletionProvider(new CompletionOptions(false, List.of(".")));
        SemanticTokensWithRegistrationOptions tokens = new SemanticTokensWithRegistrationOptions(SemanticTokensBuilder.legend());
        tokens.setFull(true);
        caps.setSemanticTokensProvider(tokens);
        return CompletableFuture.completedFuture(new InitializeResult(caps, new ServerInfo("hpjava-language-server", "0.1.0")));
    }

    private static void addRoot(List<Path> roots, String uri) {
        Path p = Workspace.path(uri);
        if (p != null) roots.add(p);
    }

    /** Applies {@code {"classPath": [...]}} or {@code {"hpjava": {"classPath": [...]}}}; ignores anything else. */
    void applySettings(Object settings) {
        if (!(settings instanceof JsonElement e) || !e.isJsonObject()) return;
        JsonObject o = e.getAsJsonObject();
        if (o.has("hpjava") && o.get("hpjava").isJsonObject()) o = o.getAsJsonObject("hpjava");
        if (!o.has("classPath") || !o.get("classPath").isJsonArray()) return;
        List<Path> cp = new ArrayList<>();
        for (JsonElement entry : o.getAsJsonArray("classPath"))
            if (entry.isJsonPrimitive() && !entry.getAsString().isBlank()) cp.add(Path.of(entry.getAsString()));
        workspace.setUserClassPath(cp);
        documents.reanalyzeAll();
    }

    @Override
    public CompletableFuture<Object> shutdown() {
        shutdown = true;
        documents.stop();
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void exit() {
        System.exit(shutdown ? 0 : 1);
    }

    @Override
    public TextDocumentService getTextDocumentService() {
        return documents;
    }

    @Override
    public WorkspaceService getWorkspaceService() {
        return workspaceService;
    }

    @Override
    public void connect(LanguageClient client) {
        documents.connect(client);
    }
}
