import { glyphOf, type IconKey } from "@/lib/brand-icons/brands";

const symbolId = (key: IconKey) => `lb-icon-${key}`;

function GlyphPath({ icon }: { icon: IconKey }) {
  const glyph = glyphOf(icon);
  return glyph.paint === "fill" ? (
    <path d={glyph.d} fill="currentColor" />
  ) : (
    <path d={glyph.d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  );
}

/** Each glyph the page uses, once: the icons point at these, so twenty links cost one copy of each path. */
export function IconSymbols({ icons }: { icons: IconKey[] }) {
  if (icons.length === 0) return null;
  return (
    <svg className="lb-sprite" aria-hidden focusable="false">
      {icons.map((icon) => (
        <symbol key={icon} id={symbolId(icon)} viewBox="0 0 24 24">
          <GlyphPath icon={icon} />
        </symbol>
      ))}
    </svg>
  );
}

interface LinkGlyphProps {
  icon: IconKey;
  /** The page holds IconSymbols; previews draw each path inline, since several may share a document. */
  fromSprite: boolean;
  /** The icon's accessible name when it is all the link shows; without one it is decorative. */
  label?: string;
  className?: string;
}

/** A brand (or mail, phone, link) glyph in the current text colour, inline: no request, nothing for the CSP to allow. */
export function LinkGlyph({ icon, fromSprite, label, className }: LinkGlyphProps) {
  const naming = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg className={className} viewBox="0 0 24 24" focusable="false" {...naming}>
      {fromSprite ? <use href={`#${symbolId(icon)}`} /> : <GlyphPath icon={icon} />}
    </svg>
  );
}
