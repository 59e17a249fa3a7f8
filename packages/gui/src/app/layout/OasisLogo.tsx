import { useTheme } from '@mui/material/styles';

/** The installation's logo: the NOMAD word mark with an oasis (palm over water) emblem, drawn inline. */
export function OasisLogo({ height = 40 }: { height?: number }) {
  const { palette } = useTheme();
  const blue = palette.primary.main;
  const green = palette.secondary.main;
  return (
    <svg height={height} viewBox="0 0 190 48" role="img" aria-label="NOMAD Oasis logo">
      <title>NOMAD Oasis</title>
      <circle cx="24" cy="24" r="22" fill="none" stroke={blue} strokeWidth="3" />
      <path
        d="M8 32c5-3 10-3 16 0s11 3 16 0"
        fill="none"
        stroke={blue}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M24 31V15" stroke={green} strokeWidth="3" strokeLinecap="round" />
      <path
        d="M24 15c-4-4-9-4-12-1M24 15c4-4 9-4 12-1M24 15c-2-4-1-7 2-9M24 15c-5-1-8 2-9 5M24 15c5-1 8 2 9 5"
        fill="none"
        stroke={green}
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <text x="54" y="31" fontFamily="Titillium Web, sans-serif" fontWeight="700" fontSize="26" fill={blue}>
        NOMAD
      </text>
      <text x="148" y="31" fontFamily="Titillium Web, sans-serif" fontWeight="600" fontSize="15" fill={green}>
        oasis
      </text>
    </svg>
  );
}
