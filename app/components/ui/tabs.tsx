import { createContext, useContext, useId, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "~/lib/utils";

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation) with the markup Radix Tabs gave us (roles,
 * aria-selected/-controls/-labelledby, data-state, data-orientation), without its 2.7 KB of roving
 * focus and collection code on /auth (ADR 0035): the active tab is the one in the Tab order, the
 * arrow keys (and Home/End) move to the other tabs and select them, a click or Enter/Space selects.
 * Only the active panel has content, as with Radix.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
}
const TabsContext = createContext<TabsState | null>(null);

function useTabs() {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Tabs>");
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export function Tabs({
  value,
  onValueChange,
  children,
  ...props
}: Omit<ComponentProps<"div">, "dir"> & { value: string; onValueChange: (value: string) => void }) {
  const baseId = `tabs${useId()}`;
  return (
    <TabsContext.Provider value={{ value, select: onValueChange, baseId }}>
      <div dir="ltr" data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End move between the tabs (wrapping) and select the one they reach. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
  const last = tabs.length - 1;
  const next = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[event.key];
  if (next === undefined || current < 0) return;
  event.preventDefault();
  tabs[next < 0 ? last : next > last ? 0 : next]?.focus();
}

export function TabsList({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      // Focusable from script only, as Radix's list: the active tab is the one in the Tab order.
      tabIndex={-1}
      style={{ outline: "none" }}
      data-orientation="horizontal"
      className={cn(
        "inline-flex h-[3.25rem] w-full items-center justify-center rounded-md bg-muted p-1 text-muted-foreground sm:h-10",
        className,
      )}
      onKeyDown={moveFocus}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, ...props }: Omit<ComponentProps<"button">, "type" | "value"> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={active ? "active" : "inactive"}
      id={triggerId(tabs.baseId, value)}
      data-orientation="horizontal"
      tabIndex={active ? 0 : -1}
      className={cn(
        "inline-flex min-h-11 flex-1 items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 sm:min-h-0 text-sm font-medium transition-[color,background-color,box-shadow] focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      // A tab that gets focus is selected (automatic activation); a click on a focused one too.
      onFocus={() => tabs.select(value)}
      onClick={() => tabs.select(value)}
      {...props}
    />
  );
}

export function TabsContent({ className, value, children, ...props }: Omit<ComponentProps<"div">, "value"> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  // An inactive panel stays as an empty hidden element (its tab's aria-controls points at it), as Radix's did.
  return (
    <div
      data-state={active ? "active" : "inactive"}
      data-orientation="horizontal"
      role="tabpanel"
      aria-labelledby={triggerId(tabs.baseId, value)}
      hidden={!active}
      id={contentId(tabs.baseId, value)}
      tabIndex={0}
      className={cn("mt-4 focus-visible:outline-2 focus-visible:outline-ring", className)}
      {...props}
    >
      {active ? children : null}
    </div>
  );
}
