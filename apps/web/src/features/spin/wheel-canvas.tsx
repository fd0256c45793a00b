import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DELAYS_MS } from '@jetton/contract/constants';
import type { TSpinSlice } from '@jetton/contract/spin';
import { frictionProgress, landingRotation, segment, sliceAtPointer, spinPlan, wheelSize } from './wheel-motion';
import styles from './spin-screen.module.css';

export type SpinTarget = { index: number; id: number };

type WheelCanvasProps = {
  slices: TSpinSlice[];
  /** The slice the server drew; a new id starts a new spin. */
  target: SpinTarget | null;
  onStop: (sliceCode: string) => void;
  label: string;
  /** The centre button. */
  children: ReactNode;
};

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function draw(canvas: HTMLCanvasElement, slices: TSpinSlice[], size: number, rotation: number): void {
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(size * ratio)) {
    canvas.width = Math.round(size * ratio);
    canvas.height = Math.round(size * ratio);
  }
  const ctx = canvas.getContext('2d');
  if (!ctx || slices.length === 0) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, size, size);
  const centre = size / 2;
  const radius = centre - 4;
  const seg = segment(slices.length);
  const font = getComputedStyle(canvas).fontFamily || 'sans-serif';
  slices.forEach((slice, i) => {
    const from = rotation + i * seg - Math.PI / 2;
    ctx.beginPath();
    ctx.moveTo(centre, centre);
    ctx.arc(centre, centre, radius, from, from + seg);
    ctx.closePath();
    ctx.fillStyle = slice.bgColor;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = 'rgba(255,255,255,0.85)';
    ctx.stroke();
    ctx.save();
    ctx.translate(centre, centre);
    ctx.rotate(from + seg / 2);
    ctx.fillStyle = slice.textColor;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.font = `700 ${Math.max(12, Math.round(size / 22))}px ${font}`;
    ctx.fillText(slice.label, radius - 12, 0, radius * 0.55);
    ctx.restore();
  });
  ctx.beginPath();
  ctx.arc(centre, centre, radius, 0, Math.PI * 2);
  ctx.lineWidth = 4;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
}

/**
 * The prize wheel on a canvas (docs/spin.md, "The screen"): it turns 3-5 times
 * with friction and stops exactly on the slice the server drew; with
 * prefers-reduced-motion it fades to the result instead. Resizes (debounced
 * 500 ms) keep it at most 350 px or 85 % of the window width.
 */
export function WheelCanvas({ slices, target, onStop, label, children }: WheelCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rotation = useRef(0);
  const [size, setSize] = useState(() => wheelSize(window.innerWidth));
  const boxRef = useRef<HTMLDivElement>(null);
  const onStopRef = useRef(onStop);
  useEffect(() => {
    onStopRef.current = onStop;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSize(wheelSize(window.innerWidth)), DELAYS_MS.resizeDebounce);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  useEffect(() => {
    if (canvasRef.current) draw(canvasRef.current, slices, size, rotation.current);
  }, [slices, size]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!target || !canvas || slices.length === 0) return;
    const plan = spinPlan();
    const start = rotation.current;
    const end = landingRotation(start, target.index, slices.length, plan.turns, plan.offset);
    const finish = () => {
      rotation.current = end % (Math.PI * 2);
      draw(canvas, slices, size, rotation.current);
      // The slice under the pointer, read back from where the wheel stopped (the browser test checks it).
      const code = slices[sliceAtPointer(rotation.current, slices.length)]?.code ?? '';
      boxRef.current?.setAttribute('data-landed', code);
      onStopRef.current(code);
    };
    boxRef.current?.removeAttribute('data-landed');
    if (prefersReducedMotion()) {
      // A short fade to the result instead of the spin.
      rotation.current = end;
      draw(canvas, slices, size, end);
      canvas.classList.add(styles.fade ?? 'fade');
      const timer = setTimeout(() => {
        canvas.classList.remove(styles.fade ?? 'fade');
        finish();
      }, 300);
      return () => clearTimeout(timer);
    }
    let frame = 0;
    const began = performance.now();
    const step = (now: number) => {
      const progress = frictionProgress(now - began, plan.durationMs);
      rotation.current = start + (end - start) * progress;
      draw(canvas, slices, size, rotation.current);
      if (progress < 1) frame = requestAnimationFrame(step);
      else finish();
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
    // A spin is started by a new target only; size and slices changes redraw above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  return (
    <div ref={boxRef} className={styles.wheel} style={{ width: size, height: size }} data-testid="spin-wheel">
      <canvas ref={canvasRef} style={{ width: size, height: size }} role="img" aria-label={label} />
      <span className={styles.pointer} aria-hidden="true" />
      <div className={styles.centre}>{children}</div>
    </div>
  );
}
