package io.fx.micronaut.openapi.internal;

import io.micronaut.core.annotation.Internal;
import io.swagger.v3.core.util.Yaml;
import io.swagger.v3.core.util.Yaml31;
import io.swagger.v3.oas.models.OpenAPI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Finds and reads the documents Micronaut OpenAPI writes at compile time: every {@code *.yml} or
 * {@code *.yaml} directly under {@code META-INF/swagger/} on the classpath, in directories and jars.
 * A 3.0 document is upgraded to 3.1 ({@link Spec31Upgrade}).
 */
@Internal
final class CompiledDocuments {

    /** Where Micronaut OpenAPI puts the document. */
    static final String LOCATION = "META-INF/swagger/";

    private static final Logger LOG = LoggerFactory.getLogger(CompiledDocuments.class);

    private CompiledDocuments() {
    }

    /**
     * @param classLoader the application class loader
     * @return the documents, in resource-name order
     */
    static List<OpenAPI> read(ClassLoader classLoader) {
        List<OpenAPI> documents = new ArrayList<>();
        for (String name : names(classLoader)) {
            try (InputStream in = classLoader.getResourceAsStream(name)) {
                if (in != null) {
                    documents.add(parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
                }
            } catch (IOException | RuntimeException e) {
                LOG.warn("The compiled OpenAPI document {} could not be read and is left out: {}", name, e.getMessage());
            }
        }
        return documents;
    }

    /**
     * @param yaml a document
     * @return it as a 3.1 model
     */
    static OpenAPI parse(String yaml) throws IOException {
        String version = Yaml.mapper().readTree(yaml).path("openapi").asText("");
        if (version.startsWith("3.1")) {
            return Yaml31.mapper().readValue(yaml, OpenAPI.class);
        }
        return Spec31Upgrade.upgrade(Yaml.mapper().readValue(yaml, OpenAPI.class));
    }

    private static List<String> names(ClassLoader classLoader) {
        TreeSet<String> names = new TreeSet<>();
        try {
            Enumeration<URL> roots = classLoader.getResources(LOCATION);
            for (URL root : Collections.list(roots)) {
                if ("file".equals(root.getProtocol())) {
                    fromDirectory(root, names);
                } else if ("jar".equals(root.getProtocol())) {
                    fromJar(root, names);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ArrayList<>(names);
    }

    private static void fromDirectory(URL root, TreeSet<String> names) throws IOException {
        Path directory;
        try {
            directory = Path.of(new URI(root.toString()));
        } catch (URISyntaxException e) {
            return;
        }
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).filter(CompiledDocuments::isYaml)
                .forEach(n -> names.add(LOCATION + n));
        }
    }

    private static void fromJar(URL root, TreeSet<String> names) throws IOException {
        JarURLConnection connection = (JarURLConnection) root.openConnection();
        connection.setUseCaches(false);
        try (JarFile jar = connection.getJarFile()) {
            for (JarEntry entry : Collections.list(jar.entries())) {
                String name = entry.getName();
                if (name.startsWith(LOCATION) && name.indexOf('/', LOCATION.length()) < 0 && isYaml(name)) {
                    names.add(name);
                }
            }
        }
    }

    private static boolean isYaml(String name) {
        return name.endsWith(".yml") || name.endsWith(".yaml");
    }
}
