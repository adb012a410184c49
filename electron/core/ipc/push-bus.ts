/**
 * PushBus: the core's outlet for push events to the renderer. Capabilities emit typed events;
 * the edges (Electron's webContents, the preview harness's event stream) subscribe and deliver.
 */
import type { PushEvents, PushName } from '../../contract/ipc';

export type PushSink = <P extends PushName>(name: P, payload: PushEvents[P]) => void;

export class PushBus {
  private readonly sinks = new Set<PushSink>();

  emit<P extends PushName>(name: P, payload: PushEvents[P]): void {
    for (const sink of this.sinks) {
      try {
        sink(name, payload);
      } catch {
        // A broken sink (closed window, dropped stream) must not stop the others.
      }
    }
  }

  subscribe(sink: PushSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }
}
