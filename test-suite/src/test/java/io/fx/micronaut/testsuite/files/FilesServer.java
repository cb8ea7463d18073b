package io.fx.micronaut.testsuite.files;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.StorageExtensions;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** An application of the files tests: its own database, the file models, storage in a temporary directory. */
final class FilesServer implements AutoCloseable {

    final EmbeddedServer server;
    final Api api;
    final Path root;

    private FilesServer(EmbeddedServer server, Path root) {
        this.server = server;
        this.api = new Api(server);
        this.root = root;
    }

    /**
     * @param name  the test's name (its database)
     * @param root  the storage directory, or null for none
     * @param extra more properties, in pairs
     */
    static FilesServer start(String name, Path root, Object... extra) {
        List<Object> pairs = new ArrayList<>(List.of(FileModels.PROPERTY, "true", "fx.files.enabled", "true",
            "fx.files.routes.enabled", "true", "fx.files.routes.access", "public"));
        if (root != null) {
            pairs.add("fx.files.local.root");
            pairs.add(root.toString());
        }
        pairs.addAll(List.of(extra));
        Map<String, Object> config = Databases.config(name, pairs.toArray());
        return new FilesServer(ApplicationContext.run(EmbeddedServer.class, config), root);
    }

    /** @return the record listeners that apply to a model of this server's, by name */
    List<RecordListener> listenersOf(String model) {
        ApplicationContext context = server.getApplicationContext();
        ModelDescriptor descriptor = context.getBean(ModelRegistry.class).findByName(model).orElseThrow();
        return context.getBean(StorageExtensions.class).listeners(descriptor);
    }

    /** @return the stored objects' keys, from the directory */
    List<String> stored() {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                .filter(p -> !p.endsWith("/.meta") && !p.contains("/.upload")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    Api.Reply form(String method, String path, Form form) {
        return api.sendBytes(method, path, form.bytes(), Form.HEADERS);
    }

    @Override
    public void close() {
        server.getApplicationContext().close();
    }
}
