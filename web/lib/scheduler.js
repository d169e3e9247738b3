// Redraws in animation frames, visible views first: a frame stops taking jobs after ~10 ms and
// leaves the rest to the next one, so a change that redraws every view at its largest size is
// spread over frames instead of blocking the page in one long task. Each redraw is timed as a
// Performance API measure ("render encoding", "render dots", …).

export class Scheduler {
  /** views: [{ name, root, render() }]; fail(error) reports a redraw that threw. */
  constructor(views, fail) {
    Object.assign(this, { views, fail, pending: new Set(), visible: new Set(), frame: 0, waiting: [] });
    this.sightings = new IntersectionObserver((entries) => {
      for (const e of entries) this.visible[e.isIntersecting ? 'add' : 'delete'](e.target);
    });
    for (const view of views) this.sightings.observe(view.root);
  }

  schedule(view) {
    this.pending.add(view);
    this.frame ||= requestAnimationFrame(() => this.run());
  }

  run() {
    this.frame = 0;
    const start = performance.now();
    const jobs = [...this.pending].sort((a, b) => this.visible.has(b.root) - this.visible.has(a.root));
    for (const view of jobs) {
      if (performance.now() - start > 10) break;
      this.pending.delete(view);
      this.draw(view);
    }
    if (this.pending.size) this.frame = requestAnimationFrame(() => this.run());
    else for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Schedules every view (the first drawing, spread over frames); resolves when all are drawn. */
  drawAll() {
    if (this.views.length === 0) return Promise.resolve();
    for (const view of this.views) this.schedule(view);
    return new Promise((resolve) => this.waiting.push(resolve));
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
