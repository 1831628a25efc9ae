/*
 * Prints the ABI facts of the MPI implementation this program is compiled against (with that implementation's
 * mpicc) as a Java properties table, read by the mpi backend's FFM binding (hpjava.mpjdev.mpi.MpiAbi). Compiled and
 * run by bin/setup-mpi.sh, once per implementation:  mpicc.openmpi -o abi mpi-abi.c -ldl && ./abi > openmpi.properties
 *
 * Handles are printed as "sym:NAME" when they are the address of an exported symbol of the MPI library (Open MPI:
 * MPI_COMM_WORLD is &ompi_mpi_comm_world, whose address differs from process to process), else as a number (MPICH:
 * MPI_COMM_WORLD is the int 0x44000000; pointer constants such as MPI_STATUS_IGNORE). The program makes no MPI call
 * but MPI_Get_library_version, which the standard allows before MPI_Init.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void pointer(const char *name, const void *p) {
    Dl_info info;
    if (p != NULL && dladdr(p, &info) && info.dli_sname != NULL && info.dli_saddr == p) {
        printf("%s=sym:%s\n", name, info.dli_sname);
    } else {
        printf("%s=%lld\n", name, (long long) (intptr_t) p);
    }
}

/* A handle of type T: a pointer (Open MPI) or an integer (MPICH). */
#define HANDLE(T, name) do { \
        T h_ = (name); \
        if (sizeof(T) == sizeof(void *)) { void *p_; memcpy(&p_, &h_, sizeof p_); pointer(#name, p_); } \
        else { int i_; memcpy(&i_, &h_, sizeof i_); printf("%s=%d\n", #name, i_); } \
    } while (0)
#define INT(name) printf("%s=%lld\n", #name, (long long) (name))
#define SIZE(T) printf("sizeof.%s=%zu\n", #T, sizeof(T))
#define OFFSET(field) printf("offsetof.MPI_Status.%s=%zu\n", #field, offsetof(MPI_Status, field))

/* The sizes of the other handle types and integer types of the MPI API (MPICH's MPI_File is a pointer). */
static void more_sizes(void) {
    SIZE(MPI_Op);
    SIZE(MPI_Win);
    SIZE(MPI_File);
    SIZE(MPI_Info);
    SIZE(MPI_Message);
    SIZE(MPI_Errhandler);
    SIZE(MPI_Aint);
    SIZE(MPI_Offset);
    SIZE(MPI_Count);
}

/* Predefined handles: communicators, groups, datatypes, operations, error handlers, null handles. */
static void predefined_handles(void) {
    HANDLE(MPI_Comm, MPI_COMM_SELF);
    HANDLE(MPI_Group, MPI_GROUP_EMPTY);
    HANDLE(MPI_Datatype, MPI_DATATYPE_NULL);
    HANDLE(MPI_Datatype, MPI_CHAR);
    HANDLE(MPI_Datatype, MPI_SIGNED_CHAR);
    HANDLE(MPI_Datatype, MPI_UNSIGNED_CHAR);
    HANDLE(MPI_Datatype, MPI_SHORT);
    HANDLE(MPI_Datatype, MPI_UNSIGNED_SHORT);
    HANDLE(MPI_Datatype, MPI_INT);
    HANDLE(MPI_Datatype, MPI_UNSIGNED);
    HANDLE(MPI_Datatype, MPI_LONG);
    HANDLE(MPI_Datatype, MPI_LONG_LONG);
    HANDLE(MPI_Datatype, MPI_FLOAT);
    HANDLE(MPI_Datatype, MPI_DOUBLE);
    HANDLE(MPI_Datatype, MPI_C_BOOL);
    HANDLE(MPI_Datatype, MPI_INT8_T);
    HANDLE(MPI_Datatype, MPI_INT16_T);
    HANDLE(MPI_Datatype, MPI_INT32_T);
    HANDLE(MPI_Datatype, MPI_INT64_T);
    HANDLE(MPI_Datatype, MPI_UINT16_T);
    HANDLE(MPI_Datatype, MPI_AINT);
    HANDLE(MPI_Datatype, MPI_OFFSET);
    HANDLE(MPI_Datatype, MPI_COUNT);
    HANDLE(MPI_Datatype, MPI_PACKED);
    HANDLE(MPI_Datatype, MPI_2INT);
    HANDLE(MPI_Datatype, MPI_SHORT_INT);
    HANDLE(MPI_Datatype, MPI_LONG_INT);
    HANDLE(MPI_Datatype, MPI_FLOAT_INT);
    HANDLE(MPI_Datatype, MPI_DOUBLE_INT);
    HANDLE(MPI_Datatype, MPI_C_FLOAT_COMPLEX);
    HANDLE(MPI_Datatype, MPI_C_DOUBLE_COMPLEX);
    HANDLE(MPI_Op, MPI_OP_NULL);
    HANDLE(MPI_Op, MPI_MAX);
    HANDLE(MPI_Op, MPI_MIN);
    HANDLE(MPI_Op, MPI_SUM);
    HANDLE(MPI_Op, MPI_PROD);
    HANDLE(MPI_Op, MPI_LAND);
    HANDLE(MPI_Op, MPI_BAND);
    HANDLE(MPI_Op, MPI_LOR);
    HANDLE(MPI_Op, MPI_BOR);
    HANDLE(MPI_Op, MPI_LXOR);
    HANDLE(MPI_Op, MPI_BXOR);
    HANDLE(MPI_Op, MPI_MINLOC);
    HANDLE(MPI_Op, MPI_MAXLOC);
    HANDLE(MPI_Op, MPI_REPLACE);
    HANDLE(MPI_Op, MPI_NO_OP);
    HANDLE(MPI_Errhandler, MPI_ERRHANDLER_NULL);
    HANDLE(MPI_Errhandler, MPI_ERRORS_RETURN);
    HANDLE(MPI_Errhandler, MPI_ERRORS_ARE_FATAL);
    HANDLE(MPI_Info, MPI_INFO_NULL);
    HANDLE(MPI_Info, MPI_INFO_ENV);
    HANDLE(MPI_Win, MPI_WIN_NULL);
    HANDLE(MPI_File, MPI_FILE_NULL);
    HANDLE(MPI_Message, MPI_MESSAGE_NULL);
    HANDLE(MPI_Message, MPI_MESSAGE_NO_PROC);
}

static void pointer_constants(void) {
    pointer("MPI_STATUSES_IGNORE", (const void *) MPI_STATUSES_IGNORE);
    pointer("MPI_BOTTOM", (const void *) MPI_BOTTOM);
    pointer("MPI_ERRCODES_IGNORE", (const void *) MPI_ERRCODES_IGNORE);
}

static void int_constants(void) {
    INT(MPI_PROC_NULL); INT(MPI_ROOT); INT(MPI_UNDEFINED);
    INT(MPI_IDENT); INT(MPI_CONGRUENT); INT(MPI_SIMILAR); INT(MPI_UNEQUAL);
    INT(MPI_CART); INT(MPI_GRAPH); INT(MPI_DIST_GRAPH);
    INT(MPI_KEYVAL_INVALID); INT(MPI_HOST); INT(MPI_IO); INT(MPI_WTIME_IS_GLOBAL);
    INT(MPI_MAX_OBJECT_NAME); INT(MPI_MAX_PROCESSOR_NAME); INT(MPI_MAX_INFO_KEY); INT(MPI_MAX_INFO_VAL);
    INT(MPI_MAX_DATAREP_STRING);
    INT(MPI_LOCK_EXCLUSIVE); INT(MPI_LOCK_SHARED);
    INT(MPI_MODE_NOCHECK); INT(MPI_MODE_NOSTORE); INT(MPI_MODE_NOPUT); INT(MPI_MODE_NOPRECEDE);
    INT(MPI_MODE_NOSUCCEED);
    INT(MPI_MODE_RDONLY); INT(MPI_MODE_RDWR); INT(MPI_MODE_WRONLY); INT(MPI_MODE_CREATE); INT(MPI_MODE_EXCL);
    INT(MPI_MODE_DELETE_ON_CLOSE); INT(MPI_MODE_UNIQUE_OPEN); INT(MPI_MODE_SEQUENTIAL); INT(MPI_MODE_APPEND);
    INT(MPI_SEEK_SET); INT(MPI_SEEK_CUR); INT(MPI_SEEK_END);
    INT(MPI_ORDER_C); INT(MPI_ORDER_FORTRAN);
    INT(MPI_COMM_TYPE_SHARED);
    INT(MPI_WIN_BASE); INT(MPI_WIN_SIZE); INT(MPI_WIN_DISP_UNIT);
    INT(MPI_COMBINER_NAMED); INT(MPI_COMBINER_DUP); INT(MPI_COMBINER_CONTIGUOUS); INT(MPI_COMBINER_VECTOR);
    INT(MPI_COMBINER_HVECTOR); INT(MPI_COMBINER_INDEXED); INT(MPI_COMBINER_HINDEXED);
    INT(MPI_COMBINER_INDEXED_BLOCK); INT(MPI_COMBINER_STRUCT); INT(MPI_COMBINER_RESIZED);
}

/* The error classes, by name: the binding turns a class number into the name, the API into its own constant. */
static void error_classes(void) {
    INT(MPI_ERR_BUFFER); INT(MPI_ERR_COUNT); INT(MPI_ERR_TYPE); INT(MPI_ERR_TAG); INT(MPI_ERR_COMM);
    INT(MPI_ERR_RANK); INT(MPI_ERR_REQUEST); INT(MPI_ERR_ROOT); INT(MPI_ERR_GROUP); INT(MPI_ERR_OP);
    INT(MPI_ERR_TOPOLOGY); INT(MPI_ERR_DIMS); INT(MPI_ERR_ARG); INT(MPI_ERR_UNKNOWN); INT(MPI_ERR_TRUNCATE);
    INT(MPI_ERR_OTHER); INT(MPI_ERR_INTERN); INT(MPI_ERR_PENDING); INT(MPI_ERR_IN_STATUS); INT(MPI_ERR_ACCESS);
    INT(MPI_ERR_AMODE); INT(MPI_ERR_ASSERT); INT(MPI_ERR_BAD_FILE); INT(MPI_ERR_BASE); INT(MPI_ERR_CONVERSION);
    INT(MPI_ERR_DISP); INT(MPI_ERR_DUP_DATAREP); INT(MPI_ERR_FILE_EXISTS); INT(MPI_ERR_FILE_IN_USE);
    INT(MPI_ERR_FILE); INT(MPI_ERR_INFO_KEY); INT(MPI_ERR_INFO_NOKEY); INT(MPI_ERR_INFO_VALUE); INT(MPI_ERR_INFO);
    INT(MPI_ERR_IO); INT(MPI_ERR_KEYVAL); INT(MPI_ERR_LOCKTYPE); INT(MPI_ERR_NAME); INT(MPI_ERR_NO_MEM);
    INT(MPI_ERR_NOT_SAME); INT(MPI_ERR_NO_SPACE); INT(MPI_ERR_NO_SUCH_FILE); INT(MPI_ERR_PORT); INT(MPI_ERR_QUOTA);
    INT(MPI_ERR_READ_ONLY); INT(MPI_ERR_RMA_CONFLICT); INT(MPI_ERR_RMA_SYNC); INT(MPI_ERR_SERVICE);
    INT(MPI_ERR_SIZE); INT(MPI_ERR_SPAWN); INT(MPI_ERR_UNSUPPORTED_DATAREP); INT(MPI_ERR_UNSUPPORTED_OPERATION);
    INT(MPI_ERR_WIN); INT(MPI_ERR_RMA_RANGE); INT(MPI_ERR_RMA_ATTACH); INT(MPI_ERR_RMA_SHARED);
    INT(MPI_ERR_RMA_FLAVOR); INT(MPI_ERR_LASTCODE);
}

int main(void) {
#if defined(OPEN_MPI)
    printf("implementation=openmpi\n");
#elif defined(MPICH)
    printf("implementation=mpich\n");
#else
    printf("implementation=unknown\n");
#endif
    Dl_info lib;
    if (dladdr((void *) &MPI_Init, &lib) && lib.dli_fname != NULL) printf("library=%s\n", lib.dli_fname);
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    MPI_Get_library_version(version, &length);
    char *newline = strchr(version, '\n');
    if (newline != NULL) *newline = '\0';
    printf("library.version=%s\n", version);
    INT(MPI_VERSION);
    INT(MPI_SUBVERSION);
    INT(MPI_MAX_LIBRARY_VERSION_STRING);
    INT(MPI_MAX_ERROR_STRING);
    SIZE(MPI_Comm);
    SIZE(MPI_Group);
    SIZE(MPI_Datatype);
    SIZE(MPI_Request);
    SIZE(MPI_Status);
    OFFSET(MPI_SOURCE);
    OFFSET(MPI_TAG);
    OFFSET(MPI_ERROR);
    HANDLE(MPI_Comm, MPI_COMM_WORLD);
    HANDLE(MPI_Comm, MPI_COMM_NULL);
    HANDLE(MPI_Group, MPI_GROUP_NULL);
    HANDLE(MPI_Datatype, MPI_BYTE);
    HANDLE(MPI_Request, MPI_REQUEST_NULL);
    pointer("MPI_STATUS_IGNORE", (const void *) MPI_STATUS_IGNORE);
    pointer("MPI_IN_PLACE", (const void *) MPI_IN_PLACE);
    INT(MPI_SUCCESS);
    INT(MPI_ANY_SOURCE);
    INT(MPI_ANY_TAG);
    INT(MPI_TAG_UB);
    INT(MPI_THREAD_SINGLE);
    INT(MPI_THREAD_FUNNELED);
    INT(MPI_THREAD_SERIALIZED);
    INT(MPI_THREAD_MULTIPLE);
    more_sizes();
    predefined_handles();
    pointer_constants();
    int_constants();
    error_classes();
    return 0;
}
