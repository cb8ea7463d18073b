package io.fx.micronaut.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The core's own package graph, beyond the rules every module keeps ({@link CoreArchitectureTest}): no cycle
 * between its top-level areas (a package with its sub-packages), no {@code .internal} package used from another
 * area, and the JDBC adapter ({@code db.sql}) used from nowhere but {@code db}.
 */
class PackageGraphTest {

    private static JavaClasses core;

    @BeforeAll
    static void importCore() {
        core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.fx.micronaut");
    }

    @Test
    void topLevelAreasFormNoCycle() {
        slices().matching("io.fx.micronaut.(*)..").should().beFreeOfCycles().check(core);
    }

    @Test
    void internalPackagesStayInsideTheirArea() {
        for (String area : new String[] {"model", "openapi"}) {
            noClasses().that().resideOutsideOfPackage("io.fx.micronaut." + area + "..")
                .should().dependOnClassesThat().resideInAPackage("io.fx.micronaut." + area + ".internal..")
                .because("an .internal package belongs to its area").check(core);
        }
        noClasses().that().resideOutsideOfPackages("io.fx.micronaut.model..", "io.fx.micronaut.openapi..")
            .should().resideInAPackage("..internal..")
            .because("only those areas keep a whole internal sub-area").check(core);
    }

    @Test
    void theJdbcAdapterIsReachedOnlyThroughTheStorageSpi() {
        noClasses().that().resideOutsideOfPackage("io.fx.micronaut.db..")
            .should().dependOnClassesThat().resideInAPackage("io.fx.micronaut.db.sql..")
            .because("the engine talks to storage through io.fx.micronaut.db").check(core);
    }
}
