import { createTheme } from '@mui/material/styles';

/** NOMAD's colours: blue primary, green secondary. */
export const theme = createTheme({
  palette: {
    primary: { main: '#2A4CDF', dark: '#192E86', light: '#7F94EC', contrastText: '#FFFFFF' },
    secondary: { main: '#008A67', dark: '#00563F', light: '#4FB896', contrastText: '#FFFFFF' },
    background: { default: '#FFFFFF' },
  },
  typography: {
    fontFamily: '"Titillium Web", "Helvetica", "Arial", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});

/** The fixed top bar is 10 spacing units high (spec 1 §9). */
export const TOP_BAR_SPACING = 10;
export const MIN_LAYOUT_WIDTH = 1024;
