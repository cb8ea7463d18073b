package io.fx.micronaut.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.micronaut.core.annotation.Internal;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The architecture rules every module of the project keeps, written once: a module extends this class with its
 * root package (the core with {@code io.fx.micronaut}, the security module with {@code io.fx.micronaut.security},
 * and every later module likewise) and its test run checks that
 * <ul>
 *   <li>no two of its packages depend on each other in a cycle, at any depth;</li>
 *   <li>no package outside an {@code .internal} package imports one (an API package never leans on internals);</li>
 *   <li>it uses no type of another module that is marked {@link Internal} (a module reaches another only through
 *       its public, documented seams; a missing seam is added to that module instead).</li>
 * </ul>
 * The core's test jar ships this class, so a module depends on {@code fx-micronaut:test-jar} in test scope.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ModuleArchitectureTest {

    /** The root of every module of the project. */
    protected static final String PROJECT_ROOT = "io.fx.micronaut";

    private JavaClasses classes;

    /** @return the module's root package, such as {@code io.fx.micronaut.security} */
    protected abstract String rootPackage();

    /**
     * @param javaClass a class of the project
     * @return whether it belongs to this module; by default, whether it lies under {@link #rootPackage()}
     */
    protected boolean inModule(JavaClass javaClass) {
        return javaClass.getPackageName().equals(rootPackage()) || javaClass.getPackageName().startsWith(rootPackage() + ".");
    }

    @BeforeAll
    void importModule() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages(rootPackage())
            .that(DescribedPredicate.describe("in the module", this::inModule));
    }

    @Test
    void noPackagesFormACycle() {
        slices().matching(rootPackage() + ".(**)").should().beFreeOfCycles().allowEmptyShould(true).check(classes);
    }

    @Test
    void apiPackagesNeverImportAnInternalOne() {
        noClasses().that().resideOutsideOfPackage("..internal..")
            .should().dependOnClassesThat().resideInAPackage("..internal..")
            .because("an API package never leans on internals").allowEmptyShould(true).check(classes);
    }

    @Test
    void noInternalTypeOfAnotherModuleIsUsed() {
        noClasses().should().dependOnClassesThat(DescribedPredicate.describe("an @Internal type of another module",
                (JavaClass target) -> target.getPackageName().startsWith(PROJECT_ROOT) && !inModule(target)
                    && target.isAnnotatedWith(Internal.class)))
            .because("a module reaches another only through its public seams").allowEmptyShould(true).check(classes);
    }
}
