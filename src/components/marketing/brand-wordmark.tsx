export type Brand = {
  name: string;
  /** Tailwind classes giving each made-up brand its own type style. */
  style: string;
  mark: "circle" | "triangle" | "square" | "ring" | "bolt" | "leaf";
};

const marks: Record<Brand["mark"], string> = {
  circle: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z",
  triangle: "M12 3l9.5 17h-19z",
  square: "M4 4h16v16H4z",
  ring: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5a4 4 0 1 1 0 8 4 4 0 0 1 0-8z",
  bolt: "M13.5 2L4 14h7l-1.5 8L20 10h-7z",
  leaf: "M20 4C9 4 4 9 4 16v4h4c7 0 12-5 12-16z",
};

/** A text-and-shape logo for a fictional brand. */
export function BrandWordmark({ brand }: { brand: Brand }) {
  return (
    <span className={`inline-flex items-center gap-2 text-2xl whitespace-nowrap text-gray-500 ${brand.style}`}>
      <svg viewBox="0 0 24 24" className="h-6 w-6 fill-current" aria-hidden="true" focusable="false">
        <path d={marks[brand.mark]} fillRule="evenodd" />
      </svg>
      {brand.name}
    </span>
  );
}
