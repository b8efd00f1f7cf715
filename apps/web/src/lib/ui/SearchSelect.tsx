import Select, { type StylesConfig } from 'react-select';

export type SearchOption = { value: number; label: string; detail?: string };

const styles: StylesConfig<SearchOption, false> = {
  control: (base, state) => ({
    ...base,
    minHeight: 46,
    borderRadius: 12,
    borderColor: state.isFocused ? '#237257' : '#d6d3d1',
    boxShadow: state.isFocused ? '0 0 0 2px #86c8aa' : base.boxShadow,
    ':hover': { borderColor: '#237257' },
  }),
  placeholder: (base) => ({ ...base, color: '#78716c' }),
  input: (base) => ({ ...base, fontSize: 16 }),
  singleValue: (base) => ({ ...base, color: '#1c1917' }),
  menu: (base) => ({ ...base, borderRadius: 12, overflow: 'hidden', zIndex: 30 }),
  option: (base, state) => ({
    ...base,
    backgroundColor: state.isSelected ? '#1c5c47' : state.isFocused ? '#eff8f3' : 'white',
    color: state.isSelected ? 'white' : '#1c1917',
  }),
};

/**
 * A searchable selector (react-select) whose options come from the server: the caller passes the
 * options for the text typed so far (`onSearch`), so lists of any size stay fast.
 */
export function SearchSelect({
  inputId,
  label,
  placeholder,
  options,
  loading,
  value,
  onChange,
  onSearch,
  failed = false,
}: {
  inputId: string;
  label: string;
  placeholder: string;
  options: SearchOption[];
  loading: boolean;
  value: SearchOption | null;
  onChange: (option: SearchOption | null) => void;
  onSearch: (text: string) => void;
  /** The options could not be loaded. */
  failed?: boolean;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <Select<SearchOption, false>
        inputId={inputId}
        instanceId={inputId}
        options={options}
        value={value}
        onChange={(option) => onChange(option ?? null)}
        onInputChange={(text, meta) => {
          if (meta.action === 'input-change') onSearch(text);
          else if (meta.action === 'menu-close' || meta.action === 'input-blur') onSearch('');
        }}
        filterOption={null}
        isLoading={loading}
        isClearable
        placeholder={placeholder}
        noOptionsMessage={() => (failed ? 'Could not load the list. Try again.' : 'No matches')}
        loadingMessage={() => 'Searching...'}
        formatOptionLabel={(option, { context }) =>
          context === 'menu' && option.detail ? (
            <span>
              {option.label}
              <span className="block text-xs opacity-80">{option.detail}</span>
            </span>
          ) : (
            option.label
          )
        }
        styles={styles}
      />
    </div>
  );
}
