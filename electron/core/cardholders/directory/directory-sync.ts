/**
 * DirectorySync: when and how the cardholder directory is brought up to date. At start it loads
 * the saved snapshot (lookups work at once, even offline), then asks the service; then again on
 * the configured interval and whenever the officer asks. Each sync is a conditional download
 * (ETag / Last-Modified when the service gave them), built into a new generation while lookups go
 * on. It owns the directory's state as the front desk shows it (records, last sync and its
 * summary, progress, why the last attempt failed, a list held back for the officer's word) and
 * pushes it to the renderer; a failed sync always keeps the directory there was.
 */
import { randomUUID } from 'node:crypto';
import type { DirectoryOrigin } from '../../../contract/cardholders';
import type { DirectoryRecordProblem, DirectoryState, DirectorySyncPhase, DirectorySyncReport, DirectorySyncResult, KioskError } from '../../../contract/ipc';
import { KioskFailure, reworded, toKioskError } from '../../ipc/failure';
import type { PushBus } from '../../ipc/push-bus';
import type { Logger } from '../../log/logger';
import type { AccessService } from '../../service/access-service';
import type { CardholderDirectory } from './cardholder-directory';
import { describeProblem, type RecordProblem } from '../checks/record-check';

export interface DirectorySyncOptions {
  service: Pick<AccessService, 'downloadCardHolders'>;
  directory: CardholderDirectory;
  push: PushBus;
  log: Logger;
  /** Between automatic syncs; 0: at start and on demand only. */
  intervalMs: number;
  now?: () => Date;
  /** Tests replace the timer of the automatic sync. */
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
  /**
   * The site's copy of the directory (site-directory/site-directory-sync.ts): when given, this
   * module neither syncs at start nor on its own schedule (the coordinator decides when this desk
   * downloads), and tells it of each download from the service.
   */
  site?: DirectorySiteHooks;
}

/** What the site's coordinator hears of a download from the service. */
export interface DirectorySiteHooks {
  /** A download is about to begin. */
  downloading(): Promise<void>;
  /** The download ended with a new generation answering (updated) or the service's list unchanged; its failure is logged, never the sync's. */
  downloaded(report: DirectorySyncReport): Promise<void>;
}

/** Progress pushes at most this often (the last one of a phase always goes). */
const PROGRESS_EVERY_MS = 100;

/** Each phase in English, for the log; the screen words the phase (`task`, DirectoryState.syncing.phase). */
const PHASE_LABEL: Record<DirectorySyncPhase, string> = {
  downloading: 'Downloading the cardholder directory',
  checking: 'Checking the cardholder records',
  indexing: 'Preparing the lookup',
  saving: 'Saving the directory on this workstation',
};

const defaultTimer = (run: () => void, ms: number): { cancel(): void } => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
};

export class DirectorySync {
  private readonly now: () => Date;
  private readonly setTimer: NonNullable<DirectorySyncOptions['setTimer']>;
  private current: DirectoryState;
  private running: { promise: Promise<DirectorySyncResult>; taskIds: Set<string> } | null = null;
  private timer: { cancel(): void } | null = null;
  private lastPushAt = 0;
  private lastPhase: DirectorySyncPhase | null = null;
  /** The progress reporter of the sync under way (null between syncs). */
  private reporter: ((phase: DirectorySyncPhase, done: number, total: number | null) => void) | null = null;
  private stopped = false;

  constructor(private readonly options: DirectorySyncOptions) {
    this.now = options.now ?? (() => new Date());
    this.setTimer = options.setTimer ?? defaultTimer;
    this.current = {
      status: 'empty',
      records: 0,
      syncedAt: null,
      lastSync: null,
      syncing: null,
      lastFailure: null,
      held: null,
      snapshotProblem: null,
      intervalSeconds: Math.round(options.intervalMs / 1000),
    };
  }

  state(): DirectoryState {
    return this.current;
  }

  /** Loads the snapshot, then syncs in the background (start-up does not wait for the service). */
  async start(): Promise<void> {
    this.update({ status: 'loading' });
    try {
      const loaded = await this.options.directory.load();
      if (loaded.outcome === 'loaded') {
        this.options.log.info('directory', `loaded the saved directory: ${loaded.records} cardholders from ${loaded.meta.syncedAt}`);
        if (loaded.problem) this.options.log.warn('directory', loaded.problem);
        this.update({ status: 'ready', records: loaded.records, syncedAt: loaded.meta.syncedAt });
      } else {
        if (loaded.outcome === 'unusable') this.options.log.warn('directory', loaded.message);
        this.update({ status: 'empty', snapshotProblem: loaded.outcome === 'unusable' ? loaded.message : null, snapshotIssue: loaded.outcome === 'unusable' ? loaded.issue : null });
      }
    } catch (thrown) {
      const error = toKioskError(thrown);
      this.options.log.error('directory', `the saved directory could not be loaded: ${error.detail ?? error.message}`);
      this.update({ status: 'empty', snapshotProblem: 'The saved directory could not be loaded; it will be downloaded again.', snapshotIssue: { code: 'notLoaded' } });
    }
    // With a site copy, the coordinator decides whether this desk downloads at all.
    if (!this.options.site) void this.sync().catch(() => undefined);
  }

  /**
   * Brings the directory up to date now. A sync already running is joined (its outcome is
   * returned; `taskId` follows it too). `acceptShrink` takes a list held back before.
   */
  sync(request: { taskId?: string; acceptShrink?: boolean } = {}): Promise<DirectorySyncResult> {
    if (this.running) {
      if (request.taskId) this.running.taskIds.add(request.taskId);
      return this.running.promise;
    }
    const taskIds = new Set<string>(request.taskId ? [request.taskId] : []);
    const promise = this.run(taskIds, request.acceptShrink ?? false).finally(() => {
      this.running = null;
      this.schedule();
    });
    this.running = { promise, taskIds };
    return promise;
  }

  /** Forgets every record and removes the saved files (Administration). */
  async clear(): Promise<DirectoryState> {
    await this.running?.promise.catch(() => undefined);
    await this.options.directory.clear();
    this.options.log.info('directory', 'the saved directory was removed from this workstation');
    this.update({ status: 'empty', records: 0, syncedAt: null, lastSync: null, held: null, snapshotProblem: null, snapshotIssue: null });
    return this.current;
  }

  /**
   * Progress of the directory's engine (checking, indexing), as CardholderDirectory's
   * onProgress: it reaches the front desk as the phase of the sync under way; ignored between syncs.
   */
  readonly engineProgress = (phase: DirectorySyncPhase, done: number, total: number | null): void => {
    // The snapshot is saved in the background once the new list answers: no longer part of the sync.
    if (phase === 'saving') return;
    this.reporter?.(phase, done, total);
  };

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  /** Waits for a sync under way and the saving of its snapshot (shutdown). */
  async settle(): Promise<void> {
    await this.running?.promise.catch(() => undefined);
    await this.options.directory.saved().catch(() => undefined);
  }

  private schedule(): void {
    this.timer?.cancel();
    this.timer = null;
    if (this.stopped || this.options.intervalMs <= 0 || this.options.site) return;
    this.timer = this.setTimer(() => void this.sync().catch(() => undefined), this.options.intervalMs);
  }

  private async run(taskIds: Set<string>, acceptShrink: boolean): Promise<DirectorySyncResult> {
    const { directory, service, log } = this.options;
    const startedAt = this.now().toISOString();
    const taskId = [...taskIds][0] ?? `directory-sync-${randomUUID()}`;
    const progress = (phase: DirectorySyncPhase, done: number, total: number | null, force = false): void => {
      const at = Date.now();
      // A new phase always shows; within a phase, at most every PROGRESS_EVERY_MS.
      if (!force && phase === this.lastPhase && at - this.lastPushAt < PROGRESS_EVERY_MS) return;
      this.lastPushAt = at;
      this.lastPhase = phase;
      this.update({ syncing: { taskId, phase, done, total, startedAt } });
      for (const id of taskIds) this.options.push.emit('taskProgress', { taskId: id, label: PHASE_LABEL[phase], task: phase, done, total, finished: false });
    };
    const finishTasks = (): void => {
      for (const id of taskIds) this.options.push.emit('taskProgress', { taskId: id, label: 'Cardholder directory', task: 'directory', done: 1, total: 1, finished: true });
    };
    progress('downloading', 0, null, true);
    this.reporter = progress;
    try {
      await this.options.site?.downloading();
      const validators = directory.ready ? directory.validators : { etag: null, lastModified: null };
      const download = await service.downloadCardHolders({
        ...validators,
        onProgress: (received, total) => progress('downloading', received, total),
      });
      if (!download.modified) {
        const stats = await directory.stats();
        const report: DirectorySyncReport = { outcome: 'unchanged', at: this.now().toISOString(), total: stats.records, added: 0, changed: 0, removed: 0, rejected: 0, problems: [] };
        log.info('directory', 'the cardholder list has not changed since the last sync');
        this.update({ syncing: null, lastSync: report, lastFailure: null, held: null, syncedAt: report.at });
        await this.toSite(report);
        return report;
      }
      const outcome = await directory.replace(
        { facts: { syncedAt: this.now().toISOString(), etag: download.etag, lastModified: download.lastModified }, body: download.body },
        acceptShrink,
      );
      if (outcome.outcome === 'held') {
        const held = { outcome: 'held' as const, at: this.now().toISOString(), previous: outcome.previous, received: outcome.received, usable: outcome.usable };
        log.warn('directory', `the service listed ${outcome.usable} usable cardholders where the directory holds ${outcome.previous}; kept the directory until the officer confirms`);
        this.update({ syncing: null, held });
        return held;
      }
      if (outcome.outcome === 'failed') {
        throw new KioskFailure({
          code: 'malformed_answer',
          ...outcome.said,
          detail: `GET /api/CardHolders: ${outcome.reason}${outcome.problems[0] ? `; first problem at ${outcome.problems[0].index}: ${outcome.problems[0].field}: ${outcome.problems[0].message}` : ''}`,
          endpoint: 'GET /api/CardHolders',
        });
      }
      const { counts } = outcome;
      const report: DirectorySyncReport = {
        outcome: 'updated',
        at: this.now().toISOString(),
        total: counts.total,
        added: counts.added,
        changed: counts.changed,
        removed: counts.removed,
        rejected: counts.rejected,
        problems: counts.problems.map(toView),
      };
      if (counts.rejected > 0) {
        log.warn('directory', `set aside ${counts.rejected} malformed cardholder records; first: ${counts.problems.slice(0, 3).map(describeProblem).join('; ')}`);
      }
      log.info('directory', `synced ${counts.total} cardholders (+${counts.added} ~${counts.changed} -${counts.removed})`);
      this.update({ status: 'ready', records: (await directory.stats()).records, syncedAt: directory.snapshot?.syncedAt ?? report.at, syncing: null, lastSync: report, lastFailure: null, held: null, snapshotProblem: null, snapshotIssue: null });
      // The snapshot is saved in the background; lookups use the new list already.
      directory.saved().then(
        () => log.info('directory', 'saved the directory on this workstation'),
        (thrown: unknown) => {
          const error = toKioskError(thrown);
          log.warn('directory', `the directory could not be saved on this workstation: ${error.detail ?? error.message}`);
          this.update({ snapshotProblem: 'The directory could not be saved on this workstation; the lookup uses it, and it will be downloaded again at the next start.', snapshotIssue: { code: 'notSaved' } });
        },
      );
      await this.toSite(report);
      return report;
    } catch (thrown) {
      const cause = toKioskError(thrown);
      const error = failureMessage(cause, this.current);
      log.warn('directory', `sync failed: ${error.code} ${error.detail ?? error.message}`);
      this.update({ syncing: null, lastFailure: { at: this.now().toISOString(), error, cause, kept: this.current.records } });
      throw new KioskFailure(error);
    } finally {
      this.reporter = null;
      this.lastPhase = null;
      finishTasks();
    }
  }

  /** Tells the site's coordinator of a download (its failure is the site copy's, not this sync's). */
  private async toSite(report: DirectorySyncReport): Promise<void> {
    try {
      await this.options.site?.downloaded(report);
    } catch (thrown) {
      const error = toKioskError(thrown);
      this.options.log.warn('directory', `the site's copy of the directory was not updated from this download: ${error.detail ?? error.message}`);
    }
  }

  /** Where the directory comes from (the site's coordinator; absent without a site store). */
  setOrigin(origin: DirectoryOrigin): void {
    const was = this.current.origin;
    if (was && JSON.stringify(was) === JSON.stringify(origin)) return;
    this.update({ origin });
  }

  /** The lookup now holds the site copy (loaded whole or brought up to date from it): its records and when it was checked against the service. */
  async noteSiteCopy(checkedAt: string | null): Promise<void> {
    const records = (await this.options.directory.stats()).records;
    const patch: Partial<DirectoryState> = { status: records > 0 || this.options.directory.ready ? 'ready' : this.current.status, records };
    if (checkedAt) patch.syncedAt = checkedAt;
    if (this.current.records === patch.records && this.current.status === patch.status && (!checkedAt || this.current.syncedAt === checkedAt)) return;
    this.update(patch);
  }

  /** A cardholder was created from this workstation (and is in the lookup already): the count says so at once. */
  async noteEnrolled(): Promise<void> {
    const records = (await this.options.directory.stats()).records;
    this.update({ records: Math.max(records, this.current.records), enrolledHere: (this.current.enrolledHere ?? 0) + 1 });
  }

  private update(patch: Partial<DirectoryState>): void {
    this.current = { ...this.current, ...patch };
    this.options.push.emit('directoryState', this.current);
  }
}

function toView(problem: RecordProblem): DirectoryRecordProblem {
  const view: DirectoryRecordProblem = { position: problem.index + 1, id: problem.id, field: problem.field, problem: problem.problem };
  if (problem.length !== undefined && problem.limit !== undefined) return { ...view, length: problem.length, limit: problem.limit };
  return problem.firstIndex === undefined ? view : { ...view, firstPosition: problem.firstIndex + 1 };
}

/** The error as the front desk reads it: what went wrong, and that the lookup still works. */
function failureMessage(error: KioskError, state: DirectoryState): KioskError {
  const kept = state.records > 0 ? ` The lookup still uses the ${state.records.toLocaleString('en')} cardholders received before.` : '';
  return reworded(error, `The cardholder directory could not be updated. ${error.message}${kept}`);
}
