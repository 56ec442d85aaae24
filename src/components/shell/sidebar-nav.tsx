"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
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
  return (
    <Link
      href={item.href}
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
