import { SwitchField } from "@/components/ui/switch-field";
import { parseEmbed } from "@/lib/embeds/parse";
import { PROVIDERS } from "@/lib/embeds/providers";
import { normalizeLinkUrl } from "@/lib/url";

interface PlayerSwitchProps {
  url: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** "Show as player" for addresses a provider's player can show, saying how the page will show the link; nothing for others. */
export function PlayerSwitch({ url, checked, onChange }: PlayerSwitchProps) {
  const embed = parseEmbed(normalizeLinkUrl(url) ?? "");
  if (!embed) return null;
  const provider = PROVIDERS[embed.provider].name;
  const appearance = checked
    ? `Your page shows a ${provider} player; nothing loads from ${provider} until a visitor presses play.`
    : "Your page shows a button that opens the link.";
  return <SwitchField label="Show as player" description={appearance} checked={checked} onChange={onChange} />;
}
