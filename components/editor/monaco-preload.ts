import type { CodeEditorProps } from "./code-editor";

// Monaco is loaded once per page session and kept here, at module scope: the editor module (which
// configures the loader with the bundled Monaco, ./monaco-setup) and the loader's init promise.
// After the first load an editor mounted again (a client-side visit back to a task) finds both
// resolved and shows no "Loading the editor…". Pages that lead to the editor start the load when
// the browser is idle (MonacoPreload), so the first visit is faster too.

type EditorModule = { CodeEditor: (props: CodeEditorProps) => React.ReactNode };

let loading: Promise<EditorModule> | null = null;
let isLoaded = false;

/** Loads the editor module and Monaco itself, once; later calls get the same promise. */
export function preloadMonaco(): Promise<EditorModule> {
  loading ??= import("./code-editor").then(async (editorModule) => {
    const { loader } = await import("@monaco-editor/react");
    await loader.init();
    isLoaded = true;
    return editorModule;
  });
  // A failed load (a chunk that didn't arrive) is tried again by the next caller.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** True once Monaco has loaded in this page session: an editor mounts without a visible wait. */
export function isMonacoLoaded(): boolean {
  return isLoaded;
}
