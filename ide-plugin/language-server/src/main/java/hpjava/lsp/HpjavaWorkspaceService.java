package hpjava.lsp;

import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.services.WorkspaceService;

/** Settings changes (the class path) and watched-file events (other .hpj files are re-read when they change). */
final class HpjavaWorkspaceService implements WorkspaceService {
    private final HpjavaLanguageServer server;

    HpjavaWorkspaceService(HpjavaLanguageServer server) {
        this.server = server;
    }

    @Override
    public void didChangeConfiguration(DidChangeConfigurationParams params) {
        server.applySettings(params.getSettings());
    }

    @Override
    public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        // Files that are not open are read again when their modification time changes (Workspace.diskText).
    }
}
