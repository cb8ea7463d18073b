package io.fx.micronaut.testsuite.files;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.SpecModels;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.core.annotation.Introspected;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Startup refusals: file directives on the wrong field or combined with what they exclude, settings without
 * {@code file}, a {@code files} collection beside the routes, an unwritable root, and production without
 * {@code fx.files.routes.access}.
 */
@TestDatabase
class FilesStartupTest {

    private static final String NAME = "FilesStartupTest";

    @TempDir
    Path directory;

    private static String fails(String expected, Class<?> model, Object... extra) {
        Object[] pairs = new Object[extra.length + 4];
        pairs[0] = "fx.files.enabled";
        pairs[1] = "true";
        pairs[2] = SpecModels.PROPERTY;
        pairs[3] = SpecModels.of(model);
        System.arraycopy(extra, 0, pairs, 4, extra.length);
        return Failures.assertStartupFailure(expected, NAME, pairs);
    }

    @Test
    void fileNeedsAStringWithoutExcludedDirectives() {
        fails("field count: directive 'file' needs a String property, not Long", NumberFile.class);
        fails("field photo: directives 'file' and 'filterable' cannot be combined", FilterableFile.class);
        fails("field photo: directives 'file' and 'unique' cannot be combined", UniqueFile.class);
        fails("field photo: directive 'max_size' needs 'file' on the same field", SizeWithoutFile.class);
        fails("field photo: max_size '12XB' is not a positive size", BadSize.class);
        fails("field photo: accept 'images' is not a media type pattern", BadAccept.class);
    }

    @Test
    void aFilesCollectionCollidesWithTheRoutes() {
        fails("collides with the generated route POST /files", File.class, "fx.files.routes.enabled", "true",
            "fx.files.routes.access", "public");
    }

    @Test
    void anUnwritableRootFailsStartup() throws Exception {
        Path file = Files.writeString(directory.resolve("not-a-directory"), "x");
        fails("fx.files.local.root", PlainDocument.class, "fx.files.local.root", file.toString());
    }

    @Test
    void productionNeedsTheRoutesAccess() {
        fails("fx.files.routes.access must be public or protected", PlainDocument.class, "fx.production", "true",
            "fx.files.routes.enabled", "true", "fx.openapi.enabled", "false");
    }

    @Test
    void protectedRoutesNeedAuthMiddlewareForTheirOperations() {
        fails("declared PROTECTED but no Auth-step middleware covers operation FILE_UPLOAD", PlainDocument.class,
            "fx.production", "true", "fx.files.routes.enabled", "true", "fx.files.routes.access", "protected",
            "fx.openapi.enabled", "false");
    }

    @Introspected
    public static class NumberFile extends BaseModel {
        @Fx("file")
        private Long count;

        public Long getCount() { return count; }
        public void setCount(Long count) { this.count = count; }
    }

    @Introspected
    public static class FilterableFile extends BaseModel {
        @Fx("file, filterable")
        private String photo;

        public String getPhoto() { return photo; }
        public void setPhoto(String photo) { this.photo = photo; }
    }

    @Introspected
    public static class UniqueFile extends BaseModel {
        @Fx("file, unique")
        private String photo;

        public String getPhoto() { return photo; }
        public void setPhoto(String photo) { this.photo = photo; }
    }

    @Introspected
    public static class SizeWithoutFile extends BaseModel {
        @Fx("max_size:1MB")
        private String photo;

        public String getPhoto() { return photo; }
        public void setPhoto(String photo) { this.photo = photo; }
    }

    @Introspected
    public static class BadSize extends BaseModel {
        @Fx("file, max_size:12XB")
        private String photo;

        public String getPhoto() { return photo; }
        public void setPhoto(String photo) { this.photo = photo; }
    }

    @Introspected
    public static class BadAccept extends BaseModel {
        @Fx("file, accept:images")
        private String photo;

        public String getPhoto() { return photo; }
        public void setPhoto(String photo) { this.photo = photo; }
    }

    @Introspected
    public static class File extends BaseModel {
        @Fx("file")
        private String photo;

        public String getPhoto() { return photo; }
        public void setPhoto(String photo) { this.photo = photo; }
    }

    @Introspected
    public static class PlainDocument extends BaseModel {
        @Fx("file")
        private String photo;

        public String getPhoto() { return photo; }
        public void setPhoto(String photo) { this.photo = photo; }
    }
}
