import { choiceSources, ChoiceKind, nameOfRef } from '../editor/choice-sources';
import type { ContentRef } from '../model/content-ref';
import { element, select, syncValue, textInput } from './dom';
import type { ViewContext } from './node-view-base';
import { RefCombobox } from './ref-combobox';

type Data = Record<string, any>;
type Patch = Record<string, unknown>;

/** A field of a node's data edited as text: its label, its text from the data, the data it writes. */
export interface TextField {
  label: string;
  read: (data: Data) => string;
  write: (text: string, data: Data) => Patch;
  multiline?: boolean;
}

/** A field of a node's data edited by choosing from a list (a select). */
export interface ChoiceField {
  label: string;
  options: string[];
  read: (data: Data) => string;
  write: (value: string, data: Data) => Patch;
}

/** A reference of a node's data edited with the link picker (pages, headings, files...). */
export interface RefField {
  label: string;
  kinds: readonly ChoiceKind[];
  read: (data: Data) => ContentRef | undefined;
  write: (ref: ContentRef | undefined, data: Data) => Patch;
}

export type DataField = TextField | ChoiceField | RefField;

/** A field's control, brought up to date with the node's data by `render`. */
export interface FieldControl {
  element: HTMLElement;
  render(data: Data, editable: boolean): void;
}

/**
 * The control of a field: a text input (or text area), a select, or the link picker. Each
 * committed change goes through `commit` (a transaction on the node: undo undoes it); the
 * control is not overwritten while the person is in it.
 */
export function fieldControl(field: DataField, context: ViewContext, data: () => Data, commit: (patch: Patch) => void): FieldControl {
  if ('kinds' in field) {
    const { services } = context;
    const picker = new RefCombobox(
      field.label,
      () => choiceSources(services, context.props.editor.state.doc, field.kinds),
      (ref) => commit(field.write(ref, data())),
      (ref) => nameOfRef(services, ref),
    );
    picker.input.addEventListener('change', () => commit(field.write(picker.ref(), data())));
    picker.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.defaultPrevented) {
        event.preventDefault();
        commit(field.write(picker.ref(), data()));
      }
    });
    return {
      element: picker.element,
      render(value, editable) {
        if (document.activeElement !== picker.input) picker.show(field.read(value));
        picker.input.disabled = !editable;
      },
    };
  }
  if ('options' in field) {
    const control = select(field.label, field.options, field.options[0], (value) => commit(field.write(value, data())));
    return {
      element: control,
      render(value, editable) {
        syncValue(control, field.read(value));
        control.disabled = !editable;
      },
    };
  }
  const control = field.multiline ? element('textarea', { 'aria-label': field.label, placeholder: field.label, rows: '2' }) : textInput(field.label, '', (text) => commit(field.write(text, data())));
  if (field.multiline) control.addEventListener('change', () => commit(field.write(control.value, data())));
  return {
    element: control,
    render(value, editable) {
      syncValue(control, field.read(value));
      control.disabled = !editable;
    },
  };
}

/** The field constructors (typed, so the functions' parameters need no annotation). */
export const textField = (label: string, read: TextField['read'], write: TextField['write'], multiline = false): TextField => ({ label, read, write, multiline });
export const choiceField = (label: string, options: string[], read: ChoiceField['read'], write: ChoiceField['write']): ChoiceField => ({ label, options, read, write });
export const refField = (label: string, kinds: readonly ChoiceKind[], read: RefField['read'], write: RefField['write']): RefField => ({ label, kinds, read, write });
