import { useState, useSyncExternalStore } from "react";

/**
 * Whether a pointer button is down on the page, and a way to hold a change of layout until it is
 * up again (ADR 0045). A press on the next control blurs the field before the click: the field's
 * problem appearing then (or a check run when the form's rules arrive) moved that control down
 * before the button was released, and the click was lost. The press and its click finish on the
 * page as it was; the change shows right after.
 *
 * The click is dispatched in the same task as the `pointerup` that ends it, so the press counts as
 * over one task later. A press that ends without a `pointerup` here (a drag, the window losing the
 * focus) ends with `pointercancel`, `dragend` or the window's `blur`.
 */
let pressed = false;
const listeners = new Set<() => void>();
let removeDocumentListeners: (() => void) | undefined;

function setPressed(value: boolean) {
  if (pressed === value) return;
  pressed = value;
  for (const listener of listeners) listener();
}

function installDocumentListeners() {
  const press = (event: PointerEvent) => {
    // The primary button (or a touch, a pen): the one that clicks.
    if (event.button === 0) setPressed(true);
  };
  const releaseAfterClick = () => setTimeout(() => setPressed(false), 0);
  const releaseNow = () => setPressed(false);
  document.addEventListener("pointerdown", press, true);
  document.addEventListener("pointerup", releaseAfterClick, true);
  document.addEventListener("pointercancel", releaseNow, true);
  document.addEventListener("dragend", releaseNow, true);
  window.addEventListener("blur", releaseNow);
  return () => {
    document.removeEventListener("pointerdown", press, true);
    document.removeEventListener("pointerup", releaseAfterClick, true);
    document.removeEventListener("pointercancel", releaseNow, true);
    document.removeEventListener("dragend", releaseNow, true);
    window.removeEventListener("blur", releaseNow);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  removeDocumentListeners ??= installDocumentListeners();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      removeDocumentListeners?.();
      removeDocumentListeners = undefined;
      pressed = false;
    }
  };
}

const isPressed = () => pressed;
const notPressedOnServer = () => false;

/**
 * `value` as it is, except while a pointer button is down: then the value shown before the press,
 * until the press (and its click) is over. For what changes the height of a form: a field's problem,
 * the form's own problem.
 */
export function useHeldWhilePressed<T>(value: T): T {
  const pointerDown = useSyncExternalStore(subscribe, isPressed, notPressedOnServer);
  const [shown, setShown] = useState(value);
  if (!pointerDown && shown !== value) setShown(value);
  return pointerDown ? shown : value;
}
