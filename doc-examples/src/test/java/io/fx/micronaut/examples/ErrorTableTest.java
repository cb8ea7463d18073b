package io.fx.micronaut.examples;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.ErrorCodeRegistry;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The README's error tables name every code the blog application declares (the core's, the security
 * module's and the blog's own), each with the status it answers with.
 */
@MicronautTest
@Property(name = "datasources.default.url", value = "jdbc:h2:mem:error-table;DB_CLOSE_DELAY=-1")
class ErrorTableTest {

    @Inject
    ErrorCodeRegistry codes;

    @Test
    void theReadmeListsEveryDeclaredCodeWithItsStatus() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        List<String> missing = new ArrayList<>();
        for (ErrorCode code : codes.all()) {
            boolean inTable = readme.contains("| `" + code.name() + "` | " + code.status() + " |");
            boolean inProse = readme.contains("`" + code.name() + "` (" + code.status() + ",");
            if (!inTable && !inProse) {
                missing.add(code.name() + " " + code.status());
            }
        }
        assertEquals(List.of(), missing, "codes the README does not list with their status");
    }
}
