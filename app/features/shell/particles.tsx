import { useEffect, useState } from "react";

type Particle = { left: number; top: number; size: number; delay: number };

/**
 * Decorative dots at random positions. They are placed after hydration so the server and the
 * browser render the same markup; they are absolutely positioned, so nothing shifts. They stay
 * away from text (app.css): `gutters` keeps them in the margins beside the page's column (wide
 * screens only), `picture` on the picture's side of the home page's hero.
 */
export function Particles({
  count,
  zone,
  className = "",
}: {
  count: number;
  zone: "gutters" | "picture";
  className?: string;
}) {
  const [particles, setParticles] = useState<Particle[]>([]);
  useEffect(() => {
    setParticles(
      Array.from({ length: count }, () => ({
        left: Math.random() * 100,
        top: Math.random() * 100,
        size: 4 + Math.random() * 10,
        delay: Math.random() * -14,
      })),
    );
  }, [count]);
  return (
    <div
      aria-hidden="true"
      data-testid="particles"
      data-count={particles.length}
      className={`particles-${zone} pointer-events-none absolute inset-0 overflow-hidden ${className}`}
    >
      {particles.map((p, i) => (
        <span
          key={i}
          className="particle"
          style={
            {
              "--x": p.left,
              "--y": p.top,
              width: p.size,
              height: p.size,
              animationDelay: `${p.delay}s`,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}
