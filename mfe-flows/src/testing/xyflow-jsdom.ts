// jsdom lacks what @xyflow/react measures with: ResizeObserver and DOMMatrixReadOnly (and sizes, which
// stay 0 here). Installed once per test file that renders the canvas.
export function installXyflowPolyfills() {
  const g = globalThis as Record<string, unknown>;
  if (!g.ResizeObserver) {
    g.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!g.DOMMatrixReadOnly) {
    g.DOMMatrixReadOnly = class {
      m22: number;
      constructor(transform?: string) {
        const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
        this.m22 = scale !== undefined ? +scale : 1;
      }
    };
  }
  if (!g.DOMMatrix) g.DOMMatrix = g.DOMMatrixReadOnly;
  const proto = (globalThis as unknown as { SVGElement?: { prototype: Record<string, unknown> } }).SVGElement?.prototype;
  if (proto && !proto.getBBox) proto.getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 });
}
