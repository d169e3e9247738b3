// Redraws in animation frames, visible views first: a frame stops taking jobs after ~10 ms and
// leaves the rest to the next one, so a change that redraws every view at its largest size is
// spread over frames instead of blocking the page in one long task. The first drawing begins
// while the page is still building its views: each view is drawn as soon as it is added, the
// visible ones in the next frame, the ones a link sets values of right after, and the views out
// of sight wait for idle time, so the first chart does not wait for the whole story to be built
// and a linked view's long computation (the dot kernel at 131072 × 8192) is not slowed down by
// drawing the rest. Each redraw is timed as a Performance API measure ("render encoding", …).

// Safari has no requestIdleCallback: a short timer stands in, with an 8 ms deadline.
const whenIdle = globalThis.requestIdleCallback?.bind(globalThis) ?? ((run) => setTimeout(() => {
  const end = performance.now() + 8;
  run({ timeRemaining: () => Math.max(0, end - performance.now()) });
}, 50));
// The longest a view out of sight waits for idle time on the first drawing.
const IDLE_TIMEOUT = 1000;

export class Scheduler {
  /** fail(error) reports a redraw that threw. Views come with add(). */
  constructor(fail) {
    Object.assign(this, { views: [], fail, laidOut: new WeakSet(), pending: new Set(), visible: new Set(), linked: new Set(),
      first: false, adding: false, isLinked: () => false, frame: 0, idle: 0, waiting: [], seeing: [] });
    this.sightings = new IntersectionObserver((entries) => {
      for (const e of entries) this.visible[e.isIntersecting ? 'add' : 'delete'](e.target);
      if (this.pending.size) this.wake();  // a view waiting for idle time came into sight
    });
  }

  /**
   * Begins the first drawing: every view added until drawAll() is drawn as soon as it is added;
   * isLinked(view) says whether the link sets its values.
   */
  begin(isLinked = () => false) {
    Object.assign(this, { first: true, adding: true, isLinked });
  }

  /** view: { name, root, render() }. */
  add(view) {
    this.views.push(view);
    this.sightings.observe(view.root);
    if (!this.first) return;
    if (this.isLinked(view)) this.linked.add(view);
    this.schedule(view);
  }

  schedule(view) {
    this.pending.add(view);
    this.wake();
  }

  wake() {
    this.frame ||= requestAnimationFrame(() => this.run());
  }

  /** 0: visible, 1: set by the link (first drawing only), 2: out of sight. */
  rank(view) {
    return this.visible.has(view.root) ? 0 : this.linked.has(view) ? 1 : 2;
  }

  run() {
    this.frame = 0;
    const start = performance.now();
    const jobs = [...this.pending].sort((a, b) => this.rank(a) - this.rank(b));
    for (const view of jobs) {
      if (performance.now() - start > 10 || (this.first && this.rank(view) === 2)) break;
      this.pending.delete(view);
      this.draw(view);
    }
    if (!this.pending.size) this.done();
    else if (this.first && [...this.pending].every((view) => this.rank(view) === 2)) {
      if (!this.adding) this.seen();
      this.idle ||= whenIdle((deadline) => this.runIdle(deadline), { timeout: IDLE_TIMEOUT });
    } else this.wake();
  }

  /** The first drawing's views out of sight, while the browser is idle (at least one per call, ~10 ms). */
  runIdle(deadline) {
    this.idle = 0;
    if (!this.first) return;  // queued before the first drawing ended: later redraws go by frames
    // An idle period may offer up to 50 ms: at most ~10 ms of drawing each, like a frame.
    // A view's first layout, forced by the first size a chart reads, is done in an idle period
    // of its own, so that layout and drawing (up to ~25 ms each) are not one long task.
    const until = performance.now() + Math.min(10, deadline.timeRemaining());
    for (const view of [...this.pending]) {
      if (!this.laidOut.has(view)) {
        this.laidOut.add(view);
        void view.root.offsetWidth;
        if (performance.now() >= until) break;
      }
      this.pending.delete(view);
      this.draw(view);
      if (performance.now() >= until) break;
    }
    if (this.pending.size) this.idle = whenIdle((next) => this.runIdle(next), { timeout: IDLE_TIMEOUT });
    else this.done();
  }

  done() {
    if (this.adding) return;  // more views are coming: drawAll() ends the first drawing
    this.seen();
    this.first = false;
    this.linked.clear();
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** The first drawing has drawn what is in sight and what the link sets (the rest may wait). */
  seen() {
    for (const resolve of this.seeing.splice(0)) resolve();
  }

  /**
   * Ends begin()'s first drawing once every view added is drawn (at once if they are);
   * `inSight` (optional) is called once the visible and linked views are.
   */
  async drawAll(inSight = () => {}) {
    this.seeing.push(inSight);
    this.adding = false;
    const drawn = new Promise((resolve) => this.waiting.push(resolve));
    if (!this.pending.size) this.done();
    else this.wake();  // the next frame tells what is left: views in sight or not
    await drawn;
  }

  draw(view) {
    const start = performance.now();
    try {
      view.render();
      performance.measure(`render ${view.name}`, { start });
    } catch (error) {
      this.fail(error);
    }
  }
}
