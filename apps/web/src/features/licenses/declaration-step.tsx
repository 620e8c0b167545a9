import { Checkbox, FormControl, FormControlLabel, FormHelperText, Typography } from '@mui/material';
import { licenseMessages } from '@portal/contract';

/** The Declaration tab: the statement and its box; unticking it after ticking shows 'Required field'. */
export function DeclarationStep({
  caption,
  agreed,
  touched,
  onChange,
}: {
  caption: string;
  agreed: boolean;
  touched: boolean;
  onChange: (agreed: boolean) => void;
}) {
  const error = touched && !agreed;
  return (
    <FormControl error={error}>
      <Typography sx={{ mb: 2 }}>
        I declare that the particulars given in this application are true and complete, and that I will practise in accordance with the law,
        the regulations and the code of conduct of the body. I understand that a false declaration may lead to the {caption.toLowerCase()}{' '}
        being revoked.
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={agreed} onChange={(e) => onChange(e.target.checked)} />}
        label="I agree to this declaration"
      />
      <FormHelperText>{error ? licenseMessages.declarationRequired : ' '}</FormHelperText>
    </FormControl>
  );
}
