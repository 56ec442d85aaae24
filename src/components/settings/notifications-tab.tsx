"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import toast from "react-hot-toast";
import { PanelBlock } from "@/components/ui/panel-block";
import { SaveStatus } from "@/components/ui/save-status";
import { SwitchField } from "@/components/ui/switch-field";
import { NOTIFICATION_SETTINGS, type NotificationSetting, type UserSettingsDto } from "@/lib/schemas/settings";
import { useTRPC } from "@/trpc/react";

const SWITCHES: { key: NotificationSetting; label: string; description: string }[] = [
  { key: "email_notifications", label: "Email Notifications", description: "News about your account by email." },
  { key: "link_click_notifications", label: "Link Click Alerts", description: "A daily summary of yesterday's clicks." },
  { key: "profile_view_notifications", label: "Profile View Alerts", description: "A daily summary of yesterday's page views." },
  { key: "monthly_report", label: "Monthly Reports", description: "A summary of your page's month." },
];

type Switches = Pick<UserSettingsDto, NotificationSetting>;

/**
 * Notifications: each switch applies and is sent at once; a refused change flips back with a
 * message, so the screen never shows a preference that was not saved. No Save button: nothing is left to send.
 */
export function NotificationsTab({ initial }: { initial: UserSettingsDto }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Switches>(() => pickSwitches(initial));
  const update = useMutation(trpc.settings.update.mutationOptions());

  function toggle(key: NotificationSetting, checked: boolean) {
    setValues((current) => ({ ...current, [key]: checked }));
    update.mutate(
      { [key]: checked },
      {
        onSuccess: (saved) => queryClient.setQueryData(trpc.settings.get.queryKey(), saved),
        onError: (error) => {
          console.error("Failed to update notification settings", error);
          setValues((current) => ({ ...current, [key]: !checked }));
          toast.error("Failed to save preferences");
        },
      },
    );
  }

  return (
    <PanelBlock title="Notifications" description="Choose what we tell you about.">
      {SWITCHES.map(({ key, label, description }) => (
        <SwitchField key={key} label={label} description={description} checked={values[key]} onChange={(checked) => toggle(key, checked)} />
      ))}
      <SaveStatus saving={update.isPending} />
    </PanelBlock>
  );
}

function pickSwitches(settings: UserSettingsDto): Switches {
  return Object.fromEntries(NOTIFICATION_SETTINGS.map((key) => [key, settings[key]])) as Switches;
}
