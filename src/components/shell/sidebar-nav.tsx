"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { NavIcon } from "./nav-icon";
import { NAV_ITEMS, type NavItem } from "./nav-items";

function isActive(item: NavItem, pathname: string): boolean {
  return [item.href, ...(item.alsoActiveOn ?? [])].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

function NavLink({
  item,
  pathname,
  nested = false,
  onNavigate,
}: {
  item: NavItem;
  pathname: string;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  const active = isActive(item, pathname);
  const router = useRouter();
  // Asked for when a visit is likely, not for every link in view as the screen loads: seven screens'
  // prefetches, twice over, kept the server busy while the first screen was still being painted.
  const prefetchOnIntent = () => router.prefetch(item.href);
  return (
    <Link
      href={item.href}
      prefetch={false}
      onMouseEnter={prefetchOnIntent}
      onFocus={prefetchOnIntent}
      onTouchStart={prefetchOnIntent}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      className={`flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium transition ${nested ? "ml-6" : ""} ${
        active ? "bg-brand-50 text-brand-700" : "text-gray-600 hover:bg-gray-100 hover:text-gray-900"
      }`}
    >
      <NavIcon name={item.icon} />
      {item.label}
    </Link>
  );
}

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  // Null only while a pages-router page renders, which never holds the sidebar.
  const pathname = usePathname() ?? "";
  return (
    <nav aria-label="Main" className="grid gap-1">
      {NAV_ITEMS.map((item) => (
        <div key={item.href} className="grid gap-1">
          <NavLink item={item} pathname={pathname} onNavigate={onNavigate} />
          {item.children?.map((child) => (
            <NavLink key={child.href} item={child} pathname={pathname} nested onNavigate={onNavigate} />
          ))}
        </div>
      ))}
    </nav>
  );
}
