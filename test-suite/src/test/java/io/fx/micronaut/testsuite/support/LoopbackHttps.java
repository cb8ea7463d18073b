package io.fx.micronaut.testsuite.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * One handler served on 127.0.0.1 over HTTPS, by the JDK's {@code HttpsServer} with a self-signed certificate for
 * 127.0.0.1 made by Bouncy Castle (trust it through {@link #caPem()}), and over plain http by a twin, for tests of
 * clients that must refuse plain http or a redirect to it. Both ports are ephemeral.
 */
public final class LoopbackHttps implements AutoCloseable {

    private final HttpsServer https;
    private final HttpServer plain;
    private final String caPem;
    private final ExecutorService executor;

    /**
     * @param handler    what both servers answer
     * @param concurrent whether requests are handled concurrently (a thread each) rather than one at a time on the
     *                   servers' dispatcher threads
     */
    public LoopbackHttps(HttpHandler handler, boolean concurrent) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            KeyPair pair = generator.generateKeyPair();
            X500Name name = new X500Name("CN=127.0.0.1");
            long now = System.currentTimeMillis();
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, BigInteger.valueOf(now),
                new Date(now - 60_000), new Date(now + 86_400_000), name, pair.getPublic());
            builder.addExtension(Extension.subjectAlternativeName, false,
                new GeneralNames(new GeneralName(GeneralName.iPAddress, "127.0.0.1")));
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(pair.getPrivate())));
            this.caPem = "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(certificate.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("server", pair.getPrivate(), "pw".toCharArray(), new X509Certificate[] {certificate});
            KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            managers.init(store, "pw".toCharArray());
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(managers.getKeyManagers(), null, null);
            InetSocketAddress loopback = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0);
            https = HttpsServer.create(loopback, 0);
            https.setHttpsConfigurator(new HttpsConfigurator(ssl));
            plain = HttpServer.create(loopback, 0);
            https.createContext("/", handler);
            plain.createContext("/", handler);
            executor = concurrent ? Executors.newCachedThreadPool() : null;
            if (executor != null) {
                https.setExecutor(executor);
                plain.setExecutor(executor);
            }
            https.start();
            plain.start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return {@code https://127.0.0.1:<port>} */
    public String httpsBase() {
        return "https://127.0.0.1:" + https.getAddress().getPort();
    }

    /** @return {@code http://127.0.0.1:<port>} of the plain twin */
    public String plainBase() {
        return "http://127.0.0.1:" + plain.getAddress().getPort();
    }

    /** @return the server certificate, PEM-encoded, to trust */
    public String caPem() {
        return caPem;
    }

    /**
     * @param exchange an exchange either server handles
     * @return whether it came over HTTPS
     */
    public boolean isHttps(HttpExchange exchange) {
        return exchange.getHttpContext().getServer() == https;
    }

    @Override
    public void close() {
        https.stop(0);
        plain.stop(0);
        if (executor != null) {
            executor.shutdownNow();
        }
    }
}
