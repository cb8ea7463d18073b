package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.exception.FxConfigurationException;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;

/** An {@link SSLContext} trusting the certificates of a PEM text, instead of the JDK's trust store. */
final class PemTrust {

    private PemTrust() {
    }

    static SSLContext sslContext(String pem, String property) {
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate certificate : factory.generateCertificates(
                    new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)))) {
                store.setCertificateEntry("ca-" + i++, certificate);
            }
            if (i == 0) {
                throw new FxConfigurationException(property + " holds no PEM certificate");
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (FxConfigurationException e) {
            throw e;
        } catch (Exception e) {
            throw new FxConfigurationException(property + " is not a PEM certificate (" + e.getClass().getSimpleName() + ")");
        }
    }
}
