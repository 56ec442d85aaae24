/** A plan's features, each after a check mark. */
export function FeatureList({ features, className = "" }: { features: string[]; className?: string }) {
  return (
    <ul className={`grid gap-2 text-sm ${className}`}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <span aria-hidden="true" className="font-bold text-brand-600">
            ✓
          </span>
          {feature}
        </li>
      ))}
    </ul>
  );
}
