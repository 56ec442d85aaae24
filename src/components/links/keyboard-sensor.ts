import { KeyboardSensor, type KeyboardSensorProps } from "@dnd-kit/core";

/**
 * dnd-kit's KeyboardSensor, without losing a key pressed right after the pick-up. It starts
 * listening for keys in a timer after picking a row up (so the Space that did it does not drop the
 * row at once), and a busy browser runs input before timers: an ArrowUp in that gap was lost. Keys
 * pressed then are held (their default action, such as scrolling, prevented) and handed to it, in
 * order, once it listens.
 */
export class KeyboardSensorHoldingEarlyKeys {
  static activators = KeyboardSensor.activators;
  declare autoScrollEnabled: boolean;

  constructor(props: KeyboardSensorProps) {
    const target = props.event.target instanceof Node ? (props.event.target.ownerDocument ?? document) : document;
    const early: KeyboardEvent[] = [];
    const hold = (event: KeyboardEvent) => {
      if (event === props.event) return;
      event.preventDefault();
      early.push(event);
    };
    target.addEventListener("keydown", hold);
    const sensor = new KeyboardSensor(props);
    // Queued after the sensor's own timer, so it listens by the time the held keys are sent again.
    setTimeout(() => {
      target.removeEventListener("keydown", hold);
      for (const { key, code, shiftKey, ctrlKey, altKey, metaKey } of early) {
        target.dispatchEvent(
          new KeyboardEvent("keydown", { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true }),
        );
      }
    });
    return sensor;
  }
}
