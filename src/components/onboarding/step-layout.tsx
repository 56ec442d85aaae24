import type { ReactNode } from "react";
import { Logo } from "@/components/ui/logo";
import { ProgressBar } from "./progress-bar";
import type { StepId } from "./steps";

const widths = { narrow: "max-w-xl", medium: "max-w-3xl", wide: "max-w-6xl" } as const;

interface StepLayoutProps {
  step: StepId;
  title: string;
  description?: ReactNode;
  width?: keyof typeof widths;
  children: ReactNode;
}

/** The frame of every onboarding step: logo, progress, heading, then the step's content. */
export function StepLayout({ step, title, description, width = "narrow", children }: StepLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between gap-6 px-4 py-4 sm:px-8">
        <Logo />
        <ProgressBar step={step} />
      </header>
      <main className={`mx-auto w-full flex-1 px-4 pt-6 pb-16 sm:px-8 sm:pt-10 ${widths[width]}`}>
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-950 sm:text-4xl">{title}</h1>
        {description && <p className="mt-2 text-gray-600">{description}</p>}
        <div className="mt-8">{children}</div>
      </main>
    </div>
  );
}
