// Redraws in animation frames, visible views first: a frame stops taking jobs after ~10 ms and
// leaves the rest to the next one, so a change that redraws every view at its largest size is
// spread over frames instead of blocking the page in one long task. The first drawing begins
// while the page is still building its views: each view is drawn as soon as it is added, the
// visible ones first, the ones a link sets values of right after, in tasks of ~10 ms, and the
// views out of sight wait for idle time, so the first chart does not wait for the whole story
// to be built and a linked view's long computation (the dot kernel at 131072 × 8192) is not
// slowed down by drawing the rest. A view's drawing is split into steps: its first layout, its
// update (the computation) and each chart's painting (deferPaints): code that has never run
// paints slowly (a view's first drawing in one go was a task of 40–80 ms), and at engineer
// sizes a view's update and paintings take 10–30 ms each. Each update is timed as a
// Performance API measure ("render encoding", …), each painting as "paint encoding".
import { deferPaints } from 'posenc/charts';

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
    Object.assign(this, { views: [], fail, laidOut: new WeakSet(), steps: new Map(), pending: new Set(), inView: new Map(), linked: new Set(),
      first: false, adding: false, isLinked: () => false, frame: 0, idle: 0, waiting: [], seeing: [], sighted: [] });
    this.tasks = new MessageChannel();
    this.tasks.port1.onmessage = () => this.run();
    // A view's root → whether it is in view; no entry until the observer's first report.
    this.sightings = new IntersectionObserver((entries) => {
      for (const e of entries) this.inView.set(e.target, e.isIntersecting);
      if (this.pending.size) this.wake();  // a view waiting for idle time came into sight
      this.sight();
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
    // Changed while its drawing is under way: updated again after the steps left.
    const steps = this.steps.get(view);
    if (steps && !steps.includes(steps.update)) steps.push(steps.update);
    this.pending.add(view);
    this.wake();
  }

  /**
   * Runs the pending views in the next animation frame; during the first drawing in the next
   * task instead (a message), so that its steps follow each other without waiting a frame each.
   */
  wake() {
    if (this.frame) return;
    if (!this.first) this.frame = requestAnimationFrame(() => this.run());
    else {
      this.frame = -1;
      this.tasks.port2.postMessage(0);
    }
  }

  /** 0: visible, 1: set by the link (first drawing only), 2: out of sight. */
  rank(view) {
    return this.inView.get(view.root) ? 0 : this.linked.has(view) ? 1 : 2;
  }

  run() {
    this.frame = 0;
    this.work(10, () => this.next());
    this.sight();
    if (!this.pending.size) this.done();
    else if (this.first && [...this.pending].every((view) => this.rank(view) === 2)) {
      if (!this.adding) this.seen();
      this.idle ||= whenIdle((deadline) => this.runIdle(deadline), { timeout: IDLE_TIMEOUT });
    } else this.wake();
  }

  /** The pending view of the best rank; during the first drawing, none out of sight (they wait for idle time). */
  next() {
    let best;
    for (const view of this.pending)
      if ((!this.first || this.rank(view) < 2) && (!best || this.rank(view) < this.rank(best))) best = view;
    return best;
  }

  /** The first drawing's views out of sight, while the browser is idle. */
  runIdle(deadline) {
    this.idle = 0;
    if (!this.first) return;  // queued before the first drawing ended: later redraws go by frames
    // An idle period may offer up to 50 ms: at most ~10 ms of drawing each, like a frame.
    this.work(Math.min(10, deadline.timeRemaining()), () => this.pending.values().next().value);
    if (this.pending.size) this.idle = whenIdle((next) => this.runIdle(next), { timeout: IDLE_TIMEOUT });
    else this.done();
  }

  /**
   * Runs steps of the views next() picks (undefined: none left) for about `ms`: one at least,
   * another only while one as long as the last would still end in time (a first painting may
   * take 40 ms where the step before took 2).
   */
  work(ms, next) {
    const start = performance.now();
    for (let view = next(), last = 0; view; view = next()) {
      const before = performance.now();
      this.step(view);
      const now = performance.now();
      last = Math.max(last, now - before);
      if (now + last - start > ms) break;
    }
  }

  /**
   * Runs the next step of a view's drawing: its first layout (forced by the first size a chart
   * reads: ~20–30 ms for the story's first), its update with the paints held back, then each
   * held paint. Small redraws take all their steps in one frame; a large one (an update of
   * 20 ms, paints of 15–30 ms each at engineer sizes) spreads them over the next frames. The
   * view leaves `pending` after its last step.
   */
  step(view) {
    let steps = this.steps.get(view);
    if (!steps) {
      const update = () => steps.unshift(...deferPaints(() => this.draw(view)).map((paint) => () => this.draw(view, paint, 'paint')));
      const layOut = () => {
        this.laidOut.add(view);
        void view.root.offsetWidth;
      };
      steps = Object.assign(this.laidOut.has(view) ? [update] : [layOut, update], { update });
      this.steps.set(view, steps);
    }
    steps.shift()();
    if (steps.length) return;
    this.steps.delete(view);
    this.pending.delete(view);
  }

  done() {
    if (this.adding) return;  // more views are coming: drawAll() ends the first drawing
    this.seen();
    this.first = false;
    this.linked.clear();
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /**
   * Resolves once every view added so far has been seen (the IntersectionObserver's first report)
   * and those in sight are drawn, or at once while the tab is hidden (it renders no frame to see
   * them in), or after `timeout` ms should neither happen. The page builds the rest of the story
   * after that: built in between, it kept the first chart waiting (painted 155–300 ms after
   * `load` instead of 75–140). Not a second's timer: on a loaded machine the first paint took
   * longer, and the next batch was built before it.
   */
  drawnInSight(timeout = 10_000) {
    let hidden;
    return new Promise((resolve) => {
      hidden = () => document.visibilityState === 'hidden' && resolve();
      this.sighted.push(resolve);
      document.addEventListener('visibilitychange', hidden);
      setTimeout(resolve, timeout);
      hidden();
      this.sight();
    }).finally(() => document.removeEventListener('visibilitychange', hidden));
  }

  sight() {
    if (!this.sighted.length || this.views.some((view) => !this.inView.has(view.root)) || [...this.pending].some((view) => this.rank(view) === 0)) return;
    for (const resolve of this.sighted.splice(0)) resolve();
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

  /** Runs `job` (by default the view's render), timed as the measure "`what` <view>". */
  draw(view, job = view.render, what = 'render') {
    const start = performance.now();
    try {
      job();
      performance.measure(`${what} ${view.name}`, { start });
    } catch (error) {
      this.fail(error);
    }
  }
}
