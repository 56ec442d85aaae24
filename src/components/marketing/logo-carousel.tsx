import { BrandWordmark, type Brand } from "./brand-wordmark";
import { Marquee } from "./marquee";

const brands: Brand[] = [
  { name: "Northwind", style: "font-bold tracking-tight", mark: "triangle" },
  { name: "lumen", style: "font-medium lowercase", mark: "circle" },
  { name: "KESTREL", style: "font-semibold tracking-[0.2em] text-xl", mark: "bolt" },
  { name: "Foxglove", style: "font-serif italic", mark: "leaf" },
  { name: "Orbitly", style: "font-bold", mark: "ring" },
  { name: "Paper Plane", style: "font-mono font-medium text-xl", mark: "square" },
  { name: "Halcyon", style: "font-serif font-bold", mark: "circle" },
  { name: "quartzy", style: "font-bold italic lowercase", mark: "triangle" },
];

export function LogoCarousel() {
  return (
    <section aria-labelledby="logos-title" className="border-b border-gray-100 bg-white py-12">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <h2 id="logos-title" className="text-center text-sm font-semibold tracking-widest text-gray-500 uppercase">
          The link in bio for 70M+ creators and the brands they work with
        </h2>
        <div className="mt-8">
          <Marquee label="Brands using Linkbio" duration={35} listClassName="items-center gap-14 pr-14">
            {brands.map((brand) => (
              <li key={brand.name}>
                <BrandWordmark brand={brand} />
              </li>
            ))}
          </Marquee>
        </div>
      </div>
    </section>
  );
}
