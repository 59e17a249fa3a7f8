import { Box, Link, Typography } from '@mui/material';
import { useEnv } from '../../core/EnvProvider.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { ApiCard } from './ApiCard.tsx';
import { AppTokenForm } from './AppTokenForm.tsx';
import { AppTokenList } from './AppTokenList.tsx';

const external = { target: '_blank', rel: 'noreferrer' } as const;

/**
 * /analyze/apis (spec 1 §2.2): the installation's own API, the standard materials-database API
 * (OPTIMADE), and the catalogue-vocabulary (DCAT) and resources-links APIs where the installation has
 * them; with the app-token form for logged-in users.
 */
export function ApisPage() {
  const { apiBase, apis } = useEnv();
  const { user, ready } = useAuth();
  return (
    <Box sx={{ p: 3, maxWidth: 1024, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        APIs
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Programs reach the data and functions of this installation through its APIs. Each one below links to
        its documentation; the dashboards let you try the calls in the browser.
      </Typography>

      <ApiCard
        title="NOMAD API"
        baseUrl={apiBase}
        links={[
          { label: 'API dashboard', href: apis.docs },
          { label: 'OpenAPI document', href: apis.openapi },
        ]}
        description={
          <>
            The API of this installation, version 1 of NOMAD&apos;s API: search and download entries, upload
            and publish data, edit metadata and datasets. Scripts written for any NOMAD installation work here
            too.
          </>
        }
      >
        <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
          App token
        </Typography>
        <Typography variant="body2">
          Scripts authenticate with a token sent as <code>Authorization: Bearer &lt;token&gt;</code>. An app
          token is such a token with an expiry date of your choice; it acts as you until it expires or you
          revoke it. You can also request one from the API (<code>GET /auth/app_token?expires_in=</code>
          seconds).
        </Typography>
        {ready &&
          (user ? (
            <>
              <AppTokenForm />
              <AppTokenList userId={user.sub} />
            </>
          ) : (
            <Box sx={{ mt: 1 }}>
              <LoginPrompt text="You have to login to use this functionality." />
            </Box>
          ))}
      </ApiCard>

      {apis.optimade && (
        <ApiCard
          title="OPTIMADE"
          baseUrl={apis.optimade}
          links={[
            { label: 'OPTIMADE base URL', href: apis.optimade },
            { label: 'Server information (/info)', href: `${apis.optimade}info` },
          ]}
          description={
            <>
              <Link href="https://www.optimade.org/" {...external}>
                OPTIMADE
              </Link>{' '}
              is an open API standard shared by many materials databases: one filter language and one response
              format to search the structures of this installation and of the{' '}
              <Link href="https://providers.optimade.org/" {...external}>
                other OPTIMADE providers
              </Link>
              .
            </>
          }
        />
      )}

      {apis.dcat && (
        <ApiCard
          title="DCAT"
          baseUrl={apis.dcat}
          links={[
            { label: 'Catalogue in Turtle', href: `${apis.dcat}catalog/?format=turtle` },
            { label: 'Catalogue in RDF/XML', href: `${apis.dcat}catalog/?format=xml` },
            { label: 'Catalogue in JSON-LD', href: `${apis.dcat}catalog/?format=json-ld` },
          ]}
          description={
            <>
              The published entries as datasets and the installation as a catalogue in{' '}
              <Link href="https://www.w3.org/TR/vocab-dcat-2/" {...external}>
                DCAT
              </Link>
              , the W3C&apos;s RDF vocabulary for data catalogues on the web, for harvesters such as data
              portals. <code>catalog/</code> lists the entries a page at a time (<code>after</code>,{' '}
              <code>modified_since</code>), <code>datasets/&lt;entry id&gt;</code> describes one.
            </>
          }
        />
      )}

      {apis.resources && (
        <ApiCard
          title="Resources"
          baseUrl={apis.resources}
          links={[{ label: 'Resources API dashboard', href: apis.resources }]}
          description={
            <>
              Links from entries to related resources in external databases, such as the same material in
              other databases found through their OPTIMADE APIs: <code>?chemical_formula_reduced=ClNa</code>{' '}
              asks for rock salt. The databases asked are set by the operator.
            </>
          }
        />
      )}
    </Box>
  );
}
