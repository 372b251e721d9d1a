"""PTO 0.58.3 encoding table: ptodbg's own statement of every command and scalar form.

Each row is one form, in the order of its catalog surface (the row position is the catalog
index that AVS decode tests use, e.g. DMA = scalar 81)::

    MNEMONIC  form_id  family  length  mask/match  fields...  [?constraints...]  [agu=...] | syntax

* ``mask/match`` are hexadecimal over the whole instruction value (the little-endian
  concatenation of its halfwords); for 64-bit forms bits 63:32 are the second word.
  ``+mask/match`` adds an encoding variant of the same form (catalog ``encoding_variants``).
* A field is ``Name[:s|:u]=hi:lo[@vlsb],...``: each piece takes instruction bits hi..lo and
  places them at value bit ``vlsb`` (default 0).  ``:s`` means sign-extend from the field's
  width, ``:u`` zero-extend; no suffix means "encoding-defined" (raw bits, the handler decides).
* ``?F!=v`` and ``?F=a,b-c`` are legality constraints checked after the form is chosen.
* ``agu=<action><size><s|u>.<kind><<scale[+pre|+post][+ret]`` describes AGU forms: action
  ld/st/ldp/stp/prf, access size in bytes, signed load, address kind (imm, reg, c = compressed,
  pcr), immediate scale, update mode, and whether a prefetch returns its address.
* ``reads=t#1`` marks a source the form reads without a field (the compressed stores and
  shifts read T#1: ``ScalarImplicitSourceOperandsLegal`` in ``asl/scalar/model/types/operands.asl``
  checks it before the instruction executes, as the machine checks its Reg5 source fields).
* ``syntax`` is the canonical assembly template (see :mod:`ptodbg.isa.syntax`).

The facts come from the PTO ISA 0.58.3 catalogs (spec/catalog/*.json, BSD-3); the table,
its notation and the assembly templates are ptodbg's.  ``tests/test_isa_table.py`` checks
every row against the official catalog entry with the same form_id.
"""

COMMAND_ROWS = """
B.CATR                 b_catr_32_e90bd52fa480       CMD  32 fbf07fff/00000023 DR=26 trap=19 far=18 atom=17 aq=16 rl=15 | b.catr dr={DR}, trap={trap}, far={far}, atom={atom}, aq={aq}, rl={rl}
B.DATR                 b_datr_32_c161a042ff38       CMD  32 000c707f/00001023 CMode=31:29 PadValueOrByteId=28:27 Sat=26 Canonicalize=25 DataType=24:20 RMode=17:15 Layout=11:7 ?CMode=0-5 ?DataType=0-14,16-20,24-28,31 ?Layout=0-1,3-4,6,8-9,17-18,20-28,30 | b.datr cmode={CMode}, padvalueorbyteid={PadValueOrByteId}, sat={Sat}, canonicalize={Canonicalize}, datatype={DataType}, rmode={RMode}, layout={Layout}
B.DIM                  b_dim_32_1caa1aa2944a        CMD  32 0000707f/00002043 RegSrc=19:15 uimm17:u=31:20@0,11:7@12 ?RegSrc=0-23 | b.dim {RegSrc}, {uimm17}, ->lb2
B.DIM                  b_dim_32_27602ab68929        CMD  32 0000707f/00000043 RegSrc=19:15 uimm17:u=31:20@0,11:7@12 ?RegSrc=0-23 | b.dim {RegSrc}, {uimm17}, ->lb0
B.DIM                  b_dim_32_4191099a5f4d        CMD  32 0000707f/00001043 RegSrc=19:15 uimm17:u=31:20@0,11:7@12 ?RegSrc=0-23 | b.dim {RegSrc}, {uimm17}, ->lb1
B.HINT                 b_hint_32_69d942ff1583       CMD  32 00087fff/00000033 L/UL=16 V=15 prefetch_size=31:20 temp=18:17 | b.hint l/ul={L/UL}, v={V}, prefetch_size={prefetch_size}, temp={temp}
B.HINT                 b_hint_32_f7d01d734925       CMD  32 ffff7fff/00001033 B/E=15 | b.hint b/e={B/E}
B.IOR                  b_ior_32_c3ea71404eb3        CMD  32 0600707f/00000013 RegDst=11:7 RegSrc0=19:15 RegSrc1=24:20 RegSrc2=31:27 ?RegDst=0-23 ?RegSrc0=0-23 ?RegSrc1=0-23 ?RegSrc2=0-23 | b.ior {RegSrc0}, {RegSrc1}, {RegSrc2}, ->{RegDst:d}
B.IOT                  b_iot_32_10db6db84f5d        CMD  32 fc00707f/00005013 SrcTile0=25:20 L=19 SizeCode=18:15 PEMode=11:9 DstTile=8:7 ?SizeCode=1-10 ?PEMode=0-7 ?DstTile=0-3 | b.iot srctile0={SrcTile0}, l={L}, sizecode={SizeCode}, pemode={PEMode}, dsttile={DstTile}
B.IOT                  b_iot_32_2c07e7177fad        CMD  32 0007f07f/00004013 SrcTile1=31:26 SrcTile0=25:20 L=19 PEMode=11:9 ?PEMode=0-7 | b.iot srctile1={SrcTile1}, srctile0={SrcTile0}, l={L}, pemode={PEMode}
B.IOT                  b_iot_32_8b8bce6bffe8        CMD  32 0000707f/00004013 SrcTile1=31:26 SrcTile0=25:20 L=19 SizeCode=18:15 PEMode=11:9 DstTile=8:7 ?SizeCode=1-10 ?PEMode=0-7 ?DstTile=0-3 | b.iot srctile1={SrcTile1}, srctile0={SrcTile0}, l={L}, sizecode={SizeCode}, pemode={PEMode}, dsttile={DstTile}
B.IOT                  b_iot_32_c11eb189dd83        CMD  32 fc07f07f/00005013 SrcTile0=25:20 L=19 PEMode=11:9 ?PEMode=0-7 | b.iot srctile0={SrcTile0}, l={L}, pemode={PEMode}
B.IOT                  b_iot_32_efa0fe3fe49a        CMD  32 fff0707f/00006013 L=19 SizeCode=18:15 PEMode=11:9 DstTile=8:7 ?SizeCode=1-10 ?PEMode=0-7 ?DstTile=0-3 | b.iot l={L}, sizecode={SizeCode}, pemode={PEMode}, dsttile={DstTile}
BSTART                 bstart_32_7eb93b649748       CMD  32 0000007f/00000011 simm25:s=31:7 | bstart direct, {simm25:pc}
BSTART                 bstart_32_e11e678a32ac       CMD  32 0000007f/00000021 simm25:s=31:7 | bstart cond, {simm25:pc}
BSTART.CALL            bstart_call_32_9404418d1ae5  BBD  32 f83f000f/50160002 simm12:s=15:4 uimm5:u=26:22 | bstart.call {simm12:pc}, {uimm5:pc2}, ->ra
BSTART.ICALL           bstart_icall_32_50166001     BBD  32 f83fffff/50166001 uimm5:u=26:22 | bstart.icall {uimm5:pc2}, ->ra
BSTART.FP              bstart_fp_32_0c671a644214    CMD  32 ffffffff/00007101  | bstart.fp ret
BSTART.FP              bstart_fp_32_58ad7954fb49    CMD  32 00007fff/00003101 simm17:s=31:15 | bstart.fp cond, {simm17:pc}
BSTART.FP              bstart_fp_32_7978795a29a1    CMD  32 ffffffff/00005101  | bstart.fp ind
BSTART.FP              bstart_fp_32_d00a708a81f0    CMD  32 00007fff/00002101 simm17:s=31:15 | bstart.fp direct, {simm17:pc}
BSTART.FP              bstart_fp_32_face4f238d84    CMD  32 00007fff/00001101 simm17:s=31:15 ?simm17=0 | bstart.fp fall
BSTART.MGATHER         bstart_mgather_32_c9defbf18276 CMD  32 07ffffff/00411181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.mgather datatype={DataType}
BSTART.MGATHER.CAS     bstart_mgather_cas_32_fd8c8a3b720a CMD  32 07ffffff/00811181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.mgather.cas datatype={DataType}
BSTART.MGATHER.MASK    bstart_mgather_mask_32_5573241cd944 CMD  32 07ffffff/00611181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.mgather.mask datatype={DataType}
BSTART.MSCATTER.MASK   bstart_mscatter_mask_32_2a33eed646f7 CMD  32 07ffffff/00711181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.mscatter.mask datatype={DataType}
BSTART.MSCATTER        bstart_mscatter_32_0f0ba08bd798 CMD  32 07ffffff/00511181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.mscatter datatype={DataType}
BSTART.STD             bstart_std_32_1ef99c4cedcb   CMD  32 00007fff/00003001 simm17:s=31:15 | bstart.std cond, {simm17:pc}
BSTART.STD             bstart_std_32_441ad677fffe   CMD  32 00007fff/00001001 simm17:s=31:15 ?simm17=0 | bstart.std fall
BSTART.STD             bstart_std_32_816dfa76cc4a   CMD  32 ffffffff/00007001  | bstart.std ret
BSTART.STD             bstart_std_32_986b7ee2cf6a   CMD  32 ffffffff/00005001  | bstart.std ind
BSTART.STD             bstart_std_32_c1de85e06878   CMD  32 00007fff/00002001 simm17:s=31:15 | bstart.std direct, {simm17:pc}
BSTART.SYS             bstart_sys_32_762d9d84a6d8   CMD  32 00007fff/00001081 simm17:s=31:15 ?simm17=0 | bstart.sys {?fall}
BSTART.TEPL            bstart_tepl_32_d022db6dacb3  CMD  32 000fffff/00019181 DataType=31:27 Mode=26:25 Function=24:20 ?DataType=0-14,16-20,24-28 | bstart.tepl datatype={DataType}, mode={Mode}, function={Function}
BSTART.TGEMV           bstart_tgemv_32_ae19f5b678f5 CMD  32 07ffffff/01031181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tgemv datatype={DataType}
BSTART.TGEMV.ACC       bstart_tgemv_acc_32_9a471b21913e CMD  32 07ffffff/01231181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tgemv.acc datatype={DataType}
BSTART.TGEMV.BIAS      bstart_tgemv_bias_32_186ee96c0a8b CMD  32 07ffffff/01131181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tgemv.bias datatype={DataType}
BSTART.TGEMVMX         bstart_tgemvmx_32_ae5e005f6589 CMD  32 07ffffff/01431181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tgemvmx datatype={DataType}
BSTART.TGEMVMX.ACC     bstart_tgemvmx_acc_32_368647b04bb0 CMD  32 07ffffff/01631181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tgemvmx.acc datatype={DataType}
BSTART.TGEMVMX.BIAS    bstart_tgemvmx_bias_32_d23011f15171 CMD  32 07ffffff/01531181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tgemvmx.bias datatype={DataType}
BSTART.TLOAD           bstart_tload_32_d0c18bb0ab15 CMD  32 07ffffff/00011181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tload datatype={DataType}
BSTART.TMATMUL         bstart_tmatmul_32_f9da70e4e0ad CMD  32 07ffffff/00031181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tmatmul datatype={DataType}
BSTART.TMATMUL.ACC     bstart_tmatmul_acc_32_0c8c62e5f00a CMD  32 07ffffff/00231181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tmatmul.acc datatype={DataType}
BSTART.TMATMUL.BIAS    bstart_tmatmul_bias_32_4d5a498d12f3 CMD  32 07ffffff/00131181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tmatmul.bias datatype={DataType}
BSTART.TMATMULMX       bstart_tmatmulmx_32_e26cb3874648 CMD  32 07ffffff/00431181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tmatmulmx datatype={DataType}
BSTART.TMATMULMX.ACC   bstart_tmatmulmx_acc_32_70fa59b0ab4c CMD  32 07ffffff/00631181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tmatmulmx.acc datatype={DataType}
BSTART.TMATMULMX.BIAS  bstart_tmatmulmx_bias_32_098c7efa51b0 CMD  32 07ffffff/00531181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tmatmulmx.bias datatype={DataType}
BSTART.TMOV            bstart_tmov_32_211446509efb  CMD  32 07ffffff/00211181+07ffffff/00911181+07ffffff/00a11181+07ffffff/00b11181+07ffffff/00c11181 DataType=31:27 ?DataType=0-14,16-20,24-28,31 | bstart.tmov datatype={DataType}
BSTART.GMOV            bstart_gmov_32_6c21e223eaa7  CMD  32 07ffffff/00d11181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.gmov datatype={DataType}
BSTART.TPREFETCH       bstart_tprefetch_32_d5f83e5aadf6 CMD  32 07ffffff/00311181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tprefetch datatype={DataType}
BSTART.TSTORE          bstart_tstore_32_4048b6e8b0f4 CMD  32 07ffffff/00111181+07ffffff/00e11181 DataType=31:27 ?DataType=0-14,16-20,24-28 | bstart.tstore datatype={DataType}
BSTOP                  bstop_32_d25b09fdd59c        CMD  32 ffffffff/00000001  | bstop
B.IOS                  b_ios_32_4ba5ef98fdaa        CMD  32 f00871ff/00001013 SharedTID=27:20 SizeCode=18:15 PEMode=11:9 ?SizeCode=0-12 ?PEMode=0-7 | b.ios sharedtid={SharedTID}, sizecode={SizeCode}, pemode={PEMode}
C.B.DIMI               c_b_dimi_16_3f1b113c76ce     CMD  16 003f/003c LoopNest=15:14 imm8=13:6 ?LoopNest!=3 | c.b.dimi {imm8}, ->lb{LoopNest}
C.BSTART               c_bstart_16_c4e238a9227a     CMD  16 000f/0004 simm12:s=15:4 | c.bstart cond, {simm12:pc}
C.BSTART               c_bstart_16_f833d2a4753c     CMD  16 000f/0002 simm12:s=15:4 | c.bstart direct, {simm12:pc}
C.BSTART.FP            c_bstart_fp_16_9dcef7e3a85b  BBD  16 c7ff/0080 BrType=13:11 ?BrType=1,5,7 | c.bstart.fp {BrType:brt}
C.BSTART.STD           c_bstart_std_16_8b40f078c14a BBD  16 c7ff/0000 BrType=13:11 ?BrType=1,5,7 | c.bstart.std {BrType:brt}
C.BSTART.SYS           c_bstart_sys_16_ec213ce96eb7 BBD  16 ffff/0840  | c.bstart.sys {?fall}
C.BSTOP                c_bstop_16_ca4743d8a95e      CMD  16 ffff/0000  | c.bstop
ERCOV                  ercov_32_dc0be14a2d8b        CMD  32 06007fff/00003031 RegSrc0=19:15 RegSrc1=24:20 RegSrc2=31:27 | ercov [{RegSrc0}, {RegSrc1}, {RegSrc2}]
ESAVE                  esave_32_4c4f79fe3171        CMD  32 06007fff/00002031 RegSrc0=19:15 RegSrc1=24:20 RegSrc2=31:27 | esave [{RegSrc0}, {RegSrc1}, {RegSrc2}]
FENTRY                 fentry_32_a47584ec13b6       CMD  32 0000707f/00000041 SrcBegin=19:15 SrcEnd=24:20 uimm:u=31:25@3,11:7@10 ?SrcBegin=2-23 ?SrcEnd=2-23 | fentry [{SrcBegin} ~ {SrcEnd}], sp!, {uimm}
FEXIT                  fexit_32_37b663f2a34d        CMD  32 0000707f/00001041 DstBegin=19:15 DstEnd=24:20 uimm:u=31:25@3,11:7@10 ?DstBegin=2-23 ?DstEnd=2-23 | fexit [{DstBegin} ~ {DstEnd}], sp!, {uimm}
FRET.RA                fret_ra_32_659c886221c1      CMD  32 0000707f/00002041 DstBegin=19:15 DstEnd=24:20 uimm:u=31:25@3,11:7@10 ?DstBegin=2-23 ?DstEnd=2-23 | fret.ra [{DstBegin} ~ {DstEnd}], sp!, {uimm}
FRET.STK               fret_stk_32_4fe246bd8241     CMD  32 0000707f/00003041 DstBegin=19:15 DstEnd=24:20 uimm:u=31:25@3,11:7@10 ?DstBegin=10 ?DstEnd=2-23 | fret.stk [{DstBegin} ~ {DstEnd}], sp!, {uimm}
HL.QMT                 hl_qmt_48_eb9e41958045       CMD  48 e000707fffff/0000007d000e RegDst=27:23 SrcL=35:31 SrcR=40:36 e=41 i=44 r=42 s=43 | hl.qmt{flags} {SrcL}, {SrcR}, ->{RegDst:d}
HL.QPOP                hl_qpop_48_a2c57f5bc27b      CMD  48 f9f0707f07ff/0000207d000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 e=41 r=42 | hl.qpop{flags} {SrcL}, ->{RegDst0:d}, {RegDst1:d}
HL.QPUSH               hl_qpush_48_3eab8e05d61a     CMD  48 f000707fffff/0000107d000e RegDst=27:23 SrcL=35:31 SrcR=40:36 e=41 h=43 r=42 | hl.qpush{flags} {SrcL}, {SrcR}, ->{RegDst:d}
MCOPY                  mcopy_32_4fc4a803e995        CMD  32 06007fff/00000031 RegSrc0=19:15 RegSrc1=24:20 RegSrc2=31:27 ?RegSrc0=0-23 ?RegSrc1=0-23 ?RegSrc2=0-23 | mcopy [{RegSrc0}, {RegSrc1}, {RegSrc2}]
MSET                   mset_32_0b932f291932         CMD  32 06007fff/00001031 RegSrc0=19:15 RegSrc1=24:20 RegSrc2=31:27 ?RegSrc0=0-23 ?RegSrc1=0-23 ?RegSrc2=0-23 | mset [{RegSrc0}, {RegSrc1}, {RegSrc2}]
XB                     xb_32_40ad190a0a7f           CMD  32 00007fff/00006f81 ACR-ID=24:15 CROSS-BID=31:25 | xb acr-id={ACR-ID}, cross-bid={CROSS-BID}
L.BSTOP                l_bstop_64_94c7f0a5e8b3      CMD  64 ffffffffffffffff/000000010000000f  | l.bstop
B.FPATR                b_fpatr_32_30c307e06d4a      CMD  32 00007e7f/00002023 PreQuantMode=31:26 ReluMode=25:23 GroupNCode=22:19 RowMaxEn=18 GroupMaxEn=17 RowMaxInit=16 MaxAbsEn=15 Func=14:12 ElementWiseEn=11 TransA=7 TransB=8 Reserved=10:9 Opc1=6:4 Opcode=3:1 W=0 ?PreQuantMode=0-5,12-13,16-20,23-28,32-39 ?ReluMode=0-3 ?GroupNCode=0-9 ?RowMaxEn=0-1 ?GroupMaxEn=0-1 ?RowMaxInit=0-1 ?MaxAbsEn=0-1 ?Func=2 ?ElementWiseEn=0 ?TransA=0-1 ?TransB=0-1 ?Reserved=0 ?Opc1=2 ?Opcode=1 ?W=1 | b.fpatr prequantmode={PreQuantMode}, relumode={ReluMode}, groupncode={GroupNCode}, rowmaxen={RowMaxEn}, groupmaxen={GroupMaxEn}, rowmaxinit={RowMaxInit}, maxabsen={MaxAbsEn}, func={Func}, elementwiseen={ElementWiseEn}, transa={TransA}, transb={TransB}, reserved={Reserved}, opc1={Opc1}, opcode={Opcode}, w={W}
"""

SCALAR_ROWS = """
ACRC                   acrc_32_a9c0e33f9904         SYS  32 ff0fffff/0000302b RST_Type=23:20 | acrc {RST_Type}
ACRE                   acre_32_54b80944d32d         SYS  32 ff0fffff/0100302b RRA_Type=23:20 ?RRA_Type=0-1 | acre {RRA_Type}
ADD                    add_32_d04202886d0a          ALU  32 0000707f/00000005 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 | add {SrcL}, {SrcR}{SrcRType:alu}{shamt:shl}, ->{RegDst:d}
ADDI                   addi_32_2decd0a93a0a         ALU  32 0000707f/00000015 RegDst=11:7 SrcL=19:15 uimm12:u=31:20 | addi {SrcL}, {uimm12}, ->{RegDst:d}
ADDIW                  addiw_32_08cc89cd2689        ALU  32 0000707f/00000035 RegDst=11:7 SrcL=19:15 uimm12:u=31:20 | addiw {SrcL}, {uimm12}, ->{RegDst:d}
ADDTPC                 addtpc_32_e5aa0f0abca3       BRU  32 0000007f/00000007 RegDst=11:7 imm20=31:12 ?RegDst!=10 | addtpc {imm20:s}, ->{RegDst:d}
ADDW                   addw_32_a27109fe30fc         ALU  32 0000707f/00000025 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 | addw {SrcL}, {SrcR}{SrcRType:alu}{shamt:shl}, ->{RegDst:d}
AND                    and_32_b6a903a3ec94          ALU  32 0000707f/00002005 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 | and {SrcL}, {SrcR}{SrcRType:alul}{shamt:shl}, ->{RegDst:d}
ANDI                   andi_32_1d9302e57d30         ALU  32 0000707f/00002015 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | andi {SrcL}, {simm12}, ->{RegDst:d}
ANDIW                  andiw_32_9ec1f7343dbd        ALU  32 0000707f/00002035 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | andiw {SrcL}, {simm12}, ->{RegDst:d}
ANDW                   andw_32_6907ed7cec90         ALU  32 0000707f/00002025 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 | andw {SrcL}, {SrcR}{SrcRType:alul}{shamt:shl}, ->{RegDst:d}
ASSERT                 assert_32_f05d67874ae5       SYS  32 fff07fff/0000102b SrcL=19:15 | assert {SrcL}
BC.IALL                bc_iall_32_fdceb48516a8      SYS  32 ffffffff/0010402b  | bc.iall
BC.IVA                 bc_iva_32_c166de534c98       SYS  32 fff07fff/0000402b SrcL=19:15 | bc.iva {SrcL}
BCNT                   bcnt_32_e0b06e436a5b         ALU  32 0000707f/00006067 RegDst=11:7 SrcL=19:15 imml=25:20 imms=31:26 | bcnt {SrcL}, {imms}, {imml:+1}, ->{RegDst:d}
BIC                    bic_32_3a10830a3a93          ALU  32 0000707f/00002067 RegDst=11:7 SrcL=19:15 imml=25:20 imms=31:26 | bic {SrcL}, {imms}, {imml:+1}, ->{RegDst:d}
BIS                    bis_32_bca5d1a80f32          ALU  32 0000707f/00003067 RegDst=11:7 SrcL=19:15 imml=25:20 imms=31:26 | bis {SrcL}, {imms}, {imml:+1}, ->{RegDst:d}
BSE                    bse_32_883b5167edbc          SYS  32 fff07fff/0000002b SrcL=19:15 | bse {SrcL}
BWE                    bwe_32_e5a5240bdf9b          SYS  32 fff07fff/0010002b SrcL=19:15 | bwe {SrcL}
BWI                    bwi_32_d9a0905cb31b          SYS  32 fff07fff/0020002b SrcL=19:15 | bwi {SrcL}
BWT                    bwt_32_5a0fe4a8e61f          SYS  32 fff07fff/0030002b SrcL=19:15 | bwt {SrcL}
BXS                    bxs_32_b1bb003c1703          ALU  32 0000707f/00000067 RegDst=11:7 SrcL=19:15 imml=25:20 imms=31:26 | bxs {SrcL}, {imms}, {imml:+1}, ->{RegDst:d}
BXU                    bxu_32_e9ea9715ba62          ALU  32 0000707f/00001067 RegDst=11:7 SrcL=19:15 imml=25:20 imms=31:26 | bxu {SrcL}, {imms}, {imml:+1}, ->{RegDst:d}
C.ADD                  c_add_16_85136d1e4904        ALU  16 003f/0008 SrcL=10:6 SrcR=15:11 | c.add {SrcL}, {SrcR}, ->t
C.ADDI                 c_addi_16_3050744f2322       ALU  16 003f/000c SrcL=10:6 simm5:s=15:11 | c.addi {SrcL}, {simm5}, ->t
C.AND                  c_and_16_379e5bed3352        ALU  16 003f/0028 SrcL=10:6 SrcR=15:11 | c.and {SrcL}, {SrcR}, ->t
C.CMP.EQI              c_cmp_eqi_16_e34367883ba1    BRU  16 f83f/002c simm5:s=10:6 | c.cmp.eqi t#1, {simm5}, ->t
C.CMP.NEI              c_cmp_nei_16_35d1f02063e2    BRU  16 f83f/082c simm5:s=10:6 | c.cmp.nei t#1, {simm5}, ->t
C.EBREAK               c_ebreak_16_7f9c245fa13c     SYS  16 f83f/c02c imm5=10:6 | c.ebreak {imm5}
C.LDI                  c_ldi_16_973f42d37f29        AGU  16 003f/001a SrcL=10:6 simm5:s=15:11 agu=ld8u.c<<3 | c.ldi [{SrcL}, {simm5:*8}], ->t
C.LWI                  c_lwi_16_b224525971da        AGU  16 003f/000a SrcL=10:6 simm5:s=15:11 agu=ld4s.c<<2 | c.lwi [{SrcL}, {simm5:*4}], ->t
C.MOVI                 c_movi_16_2c84faf1bc72       ALU  16 003f/0016 RegDst=15:11 simm5:s=10:6 ?RegDst!=10 | c.movi {simm5}, ->{RegDst:d}
C.MOVR                 c_movr_16_80d2b5f3580b       ALU  16 003f/0006 RegDst=15:11 SrcL=10:6 | c.movr {SrcL}, ->{RegDst:d}
C.OR                   c_or_16_90864d13a661         ALU  16 003f/0038 SrcL=10:6 SrcR=15:11 | c.or {SrcL}, {SrcR}, ->t
C.SDI                  c_sdi_16_bbec69bcfd5d        AGU  16 003f/003a SrcL=10:6 simm5:s=15:11 agu=st8u.c<<3 reads=t#1 | c.sdi t#1, [{SrcL}, {simm5:*8}]
C.SETC.EQ              c_setc_eq_16_03e6b07a3699    BRU  16 003f/0026 SrcL=10:6 SrcR=15:11 | c.setc.eq {SrcL}, {SrcR}
C.SETC.NE              c_setc_ne_16_e9092e487e98    BRU  16 003f/0036 SrcL=10:6 SrcR=15:11 | c.setc.ne {SrcL}, {SrcR}
C.SETC.TGT             c_setc_tgt_16_736be9cada01   ALU  16 f83f/001c SrcL=10:6 | c.setc.tgt {SrcL}
C.SETRET               c_setret_16_335651ef6c27     ALU  16 f83f/5016 uimm5:u=10:6 | c.setret {uimm5:pcu}, ->ra
C.SEXT.B               c_sext_b_16_8ffd07d15409     ALU  16 f83f/401c SrcL=10:6 | c.sext.b {SrcL}, ->t
C.SEXT.H               c_sext_h_16_90cb7ea36bd3     ALU  16 f83f/481c SrcL=10:6 | c.sext.h {SrcL}, ->t
C.SEXT.W               c_sext_w_16_f2bb13f0797b     ALU  16 f83f/501c SrcL=10:6 | c.sext.w {SrcL}, ->t
C.SLLI                 c_slli_16_958a14dc4058       ALU  16 f83f/102c uimm5:u=10:6 reads=t#1 | c.slli t#1, {uimm5}, ->t
C.SRLI                 c_srli_16_b411862f7820       ALU  16 f83f/182c uimm5:u=10:6 reads=t#1 | c.srli t#1, {uimm5}, ->t
C.SSRGET               c_ssrget_16_9d83a6f2749a     SYS  16 f83f/802c SSRID=10:6 ?SSRID=0-1,16 | c.ssrget {SSRID:x}, ->t
C.SUB                  c_sub_16_ff0056ac7053        ALU  16 003f/0018 SrcL=10:6 SrcR=15:11 | c.sub {SrcL}, {SrcR}, ->t
C.SWI                  c_swi_16_ca6c111163e5        AGU  16 003f/002a SrcL=10:6 simm5:s=15:11 agu=st4u.c<<2 reads=t#1 | c.swi t#1, [{SrcL}, {simm5:*4}]
C.ZEXT.B               c_zext_b_16_7ea1a59fa2da     ALU  16 f83f/581c SrcL=10:6 | c.zext.b {SrcL}, ->t
C.ZEXT.H               c_zext_h_16_4c0976791cbc     ALU  16 f83f/601c SrcL=10:6 | c.zext.h {SrcL}, ->t
C.ZEXT.W               c_zext_w_16_e8bc051c7e8c     ALU  16 f83f/681c SrcL=10:6 | c.zext.w {SrcL}, ->t
CASB                   casb_32_7e529b871832         AMO  32 0000707f/0000001b RegDst=11:7 SrcD=31:27 SrcL=19:15 SrcR=24:20 aq=26 rl=25 | casb{ord} [{SrcL}], {SrcR}, {SrcD}, ->{RegDst:d}
CASD                   casd_32_5852c57277a6         AMO  32 0000707f/0000301b RegDst=11:7 SrcD=31:27 SrcL=19:15 SrcR=24:20 aq=26 rl=25 | casd{ord} [{SrcL}], {SrcR}, {SrcD}, ->{RegDst:d}
CASH                   cash_32_cb1315ff6cb5         AMO  32 0000707f/0000101b RegDst=11:7 SrcD=31:27 SrcL=19:15 SrcR=24:20 aq=26 rl=25 | cash{ord} [{SrcL}], {SrcR}, {SrcD}, ->{RegDst:d}
CASW                   casw_32_cb29e4287223         AMO  32 0000707f/0000201b RegDst=11:7 SrcD=31:27 SrcL=19:15 SrcR=24:20 aq=26 rl=25 | casw{ord} [{SrcL}], {SrcR}, {SrcD}, ->{RegDst:d}
CLZ                    clz_32_f890415c15b6          ALU  32 0000707f/00005067 RegDst=11:7 SrcL=19:15 imml=25:20 imms=31:26 | clz {SrcL}, {imms}, {imml:+1}, ->{RegDst:d}
CMP.AND                cmp_and_32_036813a12ae8      BRU  32 f800707f/00002045 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | cmp.and {SrcL}, {SrcR}{SrcRType:cmpl}, ->{RegDst:d}
CMP.ANDI               cmp_andi_32_da7a5391738d     BRU  32 0000707f/00002055 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | cmp.andi {SrcL}, {simm12}, ->{RegDst:d}
CMP.EQ                 cmp_eq_32_6af7c8f41300       BRU  32 f800707f/00000045 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | cmp.eq {SrcL}, {SrcR}{SrcRType:cmp}, ->{RegDst:d}
CMP.EQI                cmp_eqi_32_252943516dca      BRU  32 0000707f/00000055 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | cmp.eqi {SrcL}, {simm12}, ->{RegDst:d}
CMP.GE                 cmp_ge_32_d88e3a1cfff4       BRU  32 f800707f/00005045 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | cmp.ge {SrcL}, {SrcR}{SrcRType:cmp}, ->{RegDst:d}
CMP.GEI                cmp_gei_32_48bf7ea50737      BRU  32 0000707f/00005055 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | cmp.gei {SrcL}, {simm12}, ->{RegDst:d}
CMP.GEU                cmp_geu_32_0c002dc415ef      BRU  32 f800707f/00007045 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | cmp.geu {SrcL}, {SrcR}{SrcRType:cmp}, ->{RegDst:d}
CMP.GEUI               cmp_geui_32_69ec7b908f5d     BRU  32 0000707f/00007055 RegDst=11:7 SrcL=19:15 uimm12:u=31:20 | cmp.geui {SrcL}, {uimm12}, ->{RegDst:d}
CMP.LT                 cmp_lt_32_c0b8cc320f12       BRU  32 f800707f/00004045 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | cmp.lt {SrcL}, {SrcR}{SrcRType:cmp}, ->{RegDst:d}
CMP.LTI                cmp_lti_32_02d3081d120b      BRU  32 0000707f/00004055 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | cmp.lti {SrcL}, {simm12}, ->{RegDst:d}
CMP.LTU                cmp_ltu_32_4377481baebc      BRU  32 f800707f/00006045 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | cmp.ltu {SrcL}, {SrcR}{SrcRType:cmp}, ->{RegDst:d}
CMP.LTUI               cmp_ltui_32_8676c7bfd797     BRU  32 0000707f/00006055 RegDst=11:7 SrcL=19:15 uimm12:u=31:20 | cmp.ltui {SrcL}, {uimm12}, ->{RegDst:d}
CMP.NE                 cmp_ne_32_fc47fbb1a0de       BRU  32 f800707f/00001045 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | cmp.ne {SrcL}, {SrcR}{SrcRType:cmp}, ->{RegDst:d}
CMP.NEI                cmp_nei_32_00abf831b572      BRU  32 0000707f/00001055 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | cmp.nei {SrcL}, {simm12}, ->{RegDst:d}
CMP.OR                 cmp_or_32_75e1fa54ba94       BRU  32 f800707f/00003045 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | cmp.or {SrcL}, {SrcR}{SrcRType:cmpl}, ->{RegDst:d}
CMP.ORI                cmp_ori_32_6d3efbc3d093      BRU  32 0000707f/00003055 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | cmp.ori {SrcL}, {simm12}, ->{RegDst:d}
CSEL                   csel_32_ba77cbad3c99         ALU  32 0000707f/00000077 RegDst=11:7 SrcL=19:15 SrcP=31:27 SrcR=24:20 SrcRType=26:25 | csel {SrcP}, {SrcL}, {SrcR}{SrcRType:sel}, ->{RegDst:d}
CTZ                    ctz_32_1761cbcc2a89          ALU  32 0000707f/00004067 RegDst=11:7 SrcL=19:15 imml=25:20 imms=31:26 | ctz {SrcL}, {imms}, {imml:+1}, ->{RegDst:d}
DC.CISW                dc_cisw_32_166b7135e3c1      SYS  32 fff07fff/0060602b SrcL=19:15 | dc.cisw {SrcL}
DC.CIVA                dc_civa_32_265d686549c8      SYS  32 fff07fff/0030602b SrcL=19:15 | dc.civa {SrcL}
DC.CSW                 dc_csw_32_2719115a9246       SYS  32 fff07fff/0050602b SrcL=19:15 | dc.csw {SrcL}
DC.CVA                 dc_cva_32_166d5a076f0e       SYS  32 fff07fff/0020602b SrcL=19:15 | dc.cva {SrcL}
DC.IALL                dc_iall_32_3d61563dd077      SYS  32 ffffffff/0010602b  | dc.iall
DC.ISW                 dc_isw_32_7940273560b2       SYS  32 fff07fff/0040602b SrcL=19:15 | dc.isw {SrcL}
DC.IVA                 dc_iva_32_0131d0cf364f       SYS  32 fff07fff/0000602b SrcL=19:15 | dc.iva {SrcL}
DC.ZVA                 dc_zva_32_0859a1d7aa5b       SYS  32 fff07fff/0070602b SrcL=19:15 | dc.zva {SrcL}
DMA                    dma_32_a168aeca5fa5          AMO  32 fe007fff/0000700b SrcL=19:15 SrcR=24:20 | dma [{SrcL}], {SrcR}
DIV                    div_32_a6efe85f8662          ALU  32 fe00707f/00000057 RegDst=11:7 SrcL=19:15 SrcR=24:20 | div {SrcL}, {SrcR}, ->{RegDst:d}
DIVU                   divu_32_cfbc0d1760e4         ALU  32 fe00707f/00001057 RegDst=11:7 SrcL=19:15 SrcR=24:20 | divu {SrcL}, {SrcR}, ->{RegDst:d}
DIVUW                  divuw_32_9c9470ef8982        ALU  32 fe00707f/00003057 RegDst=11:7 SrcL=19:15 SrcR=24:20 | divuw {SrcL}, {SrcR}, ->{RegDst:d}
DIVW                   divw_32_b6366c50ac8c         ALU  32 fe00707f/00002057 RegDst=11:7 SrcL=19:15 SrcR=24:20 | divw {SrcL}, {SrcR}, ->{RegDst:d}
EBREAK                 ebreak_32_4f122d1e6be3       SYS  32 f0ffffff/0010102b imm4=27:24 | ebreak {imm4}
FABS                   fabs_32_9515e008bf17         FSU  32 f9f0707f/0000007b RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 | fabs{SrcType:fty} {SrcL}, ->{RegDst:d}
FADD                   fadd_32_b78b658e6740         FSU  32 f800707f/0000004b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fadd{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FCVT                   fcvt_32_1102f5aeeda9         FSU  32 01f0707f/0000006b DstType=31:27 RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 ?DstType=0-14 | fcvt{SrcType:cvs}{DstType:cvd} {SrcL}, ->{RegDst:d}
FCVTA                  fcvta_32_010837b9acbd        FSU  32 01f0707f/0000106b DstType=31:27 RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 ?DstType=0-14 | fcvta{SrcType:cvs}{DstType:cvd} {SrcL}, ->{RegDst:d}
FCVTM                  fcvtm_32_8801f1562870        FSU  32 01f0707f/0000206b DstType=31:27 RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 ?DstType=0-14 | fcvtm{SrcType:cvs}{DstType:cvd} {SrcL}, ->{RegDst:d}
FCVTN                  fcvtn_32_8714ba358d80        FSU  32 01f0707f/0000306b DstType=31:27 RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 ?DstType=0-14 | fcvtn{SrcType:cvs}{DstType:cvd} {SrcL}, ->{RegDst:d}
FCVTP                  fcvtp_32_84354a7aa6b1        FSU  32 01f0707f/0000406b DstType=31:27 RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 ?DstType=0-14 | fcvtp{SrcType:cvs}{DstType:cvd} {SrcL}, ->{RegDst:d}
FCVTZ                  fcvtz_32_bee01d31217c        FSU  32 01f0707f/0000506b DstType=31:27 RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 ?DstType=0-14 | fcvtz{SrcType:cvs}{DstType:cvd} {SrcL}, ->{RegDst:d}
FDIV                   fdiv_32_04a5bb6ab56f         FSU  32 f800707f/0000304b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fdiv{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FENCE.D                fence_d_32_f4783f17d84d      SYS  32 f00fffff/0000202b PRED_IMM=27:24 SUCC_IMM=23:20 | fence.d {PRED_IMM}, {SUCC_IMM}
FENCE.I                fence_i_32_a321a2a186b1      SYS  32 ffffffff/1000202b  | fence.i
FEQ                    feq_32_9435d6959c3c          FSU  32 f800707f/0000005b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | feq{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FEQS                   feqs_32_1d3011890fa8         FSU  32 f800707f/0800005b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | feqs{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FEXP                   fexp_32_592ef5288c7d         FSU  32 f9f0707f/0000307b RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 | fexp{SrcType:fty} {SrcL}, ->{RegDst:d}
FGE                    fge_32_b3244b2ffa89          FSU  32 f800707f/0000305b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fge{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FGES                   fges_32_e0301fcee743         FSU  32 f800707f/0800305b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fges{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FLT                    flt_32_1c09549d8d3f          FSU  32 f800707f/0000205b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | flt{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FLTS                   flts_32_c744c874e6a2         FSU  32 f800707f/0800205b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | flts{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FMADD                  fmadd_32_c616a17bcb12        FSU  32 0000707f/0000404b RegDst=11:7 SrcA=31:27 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fmadd{SrcType:fty} {SrcL}, {SrcR}, {SrcA}, ->{RegDst:d}
FMAX                   fmax_32_eaf3880d7739         FSU  32 f800707f/0000605b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fmax{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FMIN                   fmin_32_b5c106e5cd7e         FSU  32 f800707f/0000705b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fmin{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FMSUB                  fmsub_32_b83012b83148        FSU  32 0000707f/0000504b RegDst=11:7 SrcA=31:27 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fmsub{SrcType:fty} {SrcL}, {SrcR}, {SrcA}, ->{RegDst:d}
FMUL                   fmul_32_7d521d9d65e7         FSU  32 f800707f/0000204b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fmul{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FNE                    fne_32_822c18caca3b          FSU  32 f800707f/0000105b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fne{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FNES                   fnes_32_9b4b5a493783         FSU  32 f800707f/0800105b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fnes{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
FNMADD                 fnmadd_32_7f45e606d299       FSU  32 0000707f/0000604b RegDst=11:7 SrcA=31:27 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fnmadd{SrcType:fty} {SrcL}, {SrcR}, {SrcA}, ->{RegDst:d}
FNMSUB                 fnmsub_32_6542d56665b3       FSU  32 0000707f/0000704b RegDst=11:7 SrcA=31:27 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fnmsub{SrcType:fty} {SrcL}, {SrcR}, {SrcA}, ->{RegDst:d}
FRECIP                 frecip_32_3d51f4f727ea       FSU  32 f9f0707f/0000207b RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 | frecip{SrcType:fty} {SrcL}, ->{RegDst:d}
FSQRT                  fsqrt_32_84b3495cc6c7        FSU  32 f9f0707f/0000107b RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 | fsqrt{SrcType:fty} {SrcL}, ->{RegDst:d}
FSUB                   fsub_32_a4479d0d4276         FSU  32 f800707f/0000104b RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcType=26:25 ?SrcType=0-1 | fsub{SrcType:fty} {SrcL}, {SrcR}, ->{RegDst:d}
HL.ADDI                hl_addi_48_9d3818bfbe64      ALU  48 0000707f000f/00000015000e RegDst=27:23 SrcL=35:31 uimm24:u=47:36@0,15:4@12 | hl.addi {SrcL}, {uimm24}, ->{RegDst:d}
HL.ADDIW               hl_addiw_48_f6d7f5032964     ALU  48 0000707f000f/00000035000e RegDst=27:23 SrcL=35:31 uimm24:u=47:36@0,15:4@12 | hl.addiw {SrcL}, {uimm24}, ->{RegDst:d}
HL.ADDTPC              hl_addtpc_48_2e8e692eea09    BRU  48 0000007f000f/00000007000e RegDst=27:23 imm32=47:28@0,15:4@20 ?RegDst!=10 | hl.addtpc {imm32:s}, ->{RegDst:d}
HL.ANDI                hl_andi_48_fe11c7ebca41      ALU  48 0000707f000f/00002015000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.andi {SrcL}, {simm24}, ->{RegDst:d}
HL.ANDIW               hl_andiw_48_878c6594c6ff     ALU  48 0000707f000f/00002035000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.andiw {SrcL}, {simm24}, ->{RegDst:d}
HL.BFI                 hl_bfi_48_8adfd476aacc       ALU  48 fe00707f000f/0000204d000e RegDst=27:23 SrcL=35:31 SrcR=40:36 immr=9:4 imms=15:10 | hl.bfi {SrcL}, {SrcR}, {immr}, {imms}, ->{RegDst:d}
HL.CASB                hl_casb_48_21fb578617a8      AMO  48 f000707ff83f/0000600b000e RegDst=27:23 SrcD=10:6 SrcL=35:31 SrcR=40:36 aq=42 far=43 rl=41 | hl.casb{ord} [{SrcL}], {SrcR}, {SrcD}, ->{RegDst:d}
HL.CASD                hl_casd_48_fbb5c4256d30      AMO  48 f000707ff83f/3000600b000e RegDst=27:23 SrcD=10:6 SrcL=35:31 SrcR=40:36 aq=42 far=43 rl=41 | hl.casd{ord} [{SrcL}], {SrcR}, {SrcD}, ->{RegDst:d}
HL.CASH                hl_cash_48_eee12c324d97      AMO  48 f000707ff83f/1000600b000e RegDst=27:23 SrcD=10:6 SrcL=35:31 SrcR=40:36 aq=42 far=43 rl=41 | hl.cash{ord} [{SrcL}], {SrcR}, {SrcD}, ->{RegDst:d}
HL.CASW                hl_casw_48_a89b3d58d8f0      AMO  48 f000707ff83f/2000600b000e RegDst=27:23 SrcD=10:6 SrcL=35:31 SrcR=40:36 aq=42 far=43 rl=41 | hl.casw{ord} [{SrcL}], {SrcR}, {SrcD}, ->{RegDst:d}
HL.CCAT                hl_ccat_48_a1200d8bf5ac      ALU  48 0000707f07ff/0000105d000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 shamt=47:41 | hl.ccat {SrcL}, {SrcR}, {shamt}, ->{RegDst0:d}, {RegDst1:d}
HL.CCATW               hl_ccatw_48_24a85ea4659c     ALU  48 0000707f07ff/0000205d000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 shamt=47:41 | hl.ccatw {SrcL}, {SrcR}, {shamt}, ->{RegDst0:d}, {RegDst1:d}
HL.CMP.ANDI            hl_cmp_andi_48_de2aae3f4516  BRU  48 0000707f000f/00002055000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.cmp.andi {SrcL}, {simm24}, ->{RegDst:d}
HL.CMP.EQI             hl_cmp_eqi_48_887accd218b1   BRU  48 0000707f000f/00000055000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.cmp.eqi {SrcL}, {simm24}, ->{RegDst:d}
HL.CMP.GEI             hl_cmp_gei_48_b3703d4c4619   BRU  48 0000707f000f/00005055000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.cmp.gei {SrcL}, {simm24}, ->{RegDst:d}
HL.CMP.GEUI            hl_cmp_geui_48_c71f4fb29e6b  BRU  48 0000707f000f/00007055000e RegDst=27:23 SrcL=35:31 uimm24:u=47:36@0,15:4@12 | hl.cmp.geui {SrcL}, {uimm24}, ->{RegDst:d}
HL.CMP.LTI             hl_cmp_lti_48_bec21b77021a   BRU  48 0000707f000f/00004055000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.cmp.lti {SrcL}, {simm24}, ->{RegDst:d}
HL.CMP.LTUI            hl_cmp_ltui_48_d12167277d58  BRU  48 0000707f000f/00006055000e RegDst=27:23 SrcL=35:31 uimm24:u=47:36@0,15:4@12 | hl.cmp.ltui {SrcL}, {uimm24}, ->{RegDst:d}
HL.CMP.NEI             hl_cmp_nei_48_e77da507704a   BRU  48 0000707f000f/00001055000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.cmp.nei {SrcL}, {simm24}, ->{RegDst:d}
HL.CMP.ORI             hl_cmp_ori_48_4167568cb50b   BRU  48 0000707f000f/00003055000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.cmp.ori {SrcL}, {simm24}, ->{RegDst:d}
HL.DIV                 hl_div_48_e8ff1fc1cb98       ALU  48 fe00707f07ff/00000057000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 | hl.div {SrcL}, {SrcR}, ->{RegDst0:d}, {RegDst1:d}
HL.DIVU                hl_divu_48_597acda29e08      ALU  48 fe00707f07ff/00001057000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 | hl.divu {SrcL}, {SrcR}, ->{RegDst0:d}, {RegDst1:d}
HL.DIVUW               hl_divuw_48_9ebe516091b8     ALU  48 fe00707f07ff/00003057000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 | hl.divuw {SrcL}, {SrcR}, ->{RegDst0:d}, {RegDst1:d}
HL.DIVW                hl_divw_48_9048cdb3b22f      ALU  48 fe00707f07ff/00002057000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 | hl.divw {SrcL}, {SrcR}, ->{RegDst0:d}, {RegDst1:d}
HL.LB.PCR              hl_lb_pcr_48_c0ba9a54c8e0    AGU  48 0000707f000f/00000039000e RegDst=27:23 simm:s=47:31@0,15:4@17 agu=ld1s.pcr<<2 | hl.lb.pcr [{simm:pcr2}], ->{RegDst:d}
HL.LB.PO               hl_lb_po_48_5c7f5c82b186     AGU  48 0000707f07ff/00000009003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld1s.reg<<0+post | hl.lb.po [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LB.PR               hl_lb_pr_48_cf73675cad50     AGU  48 0000707f07ff/00000009002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld1s.reg<<0+pre | hl.lb.pr [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LBI                 hl_lbi_48_250803040cc8       AGU  48 0000707f003f/00000019000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld1s.imm<<0 | hl.lbi [{SrcL}, {simm22}], ->{RegDst:d}
HL.LBI.PO              hl_lbi_po_48_afbc00c48aba    AGU  48 0000707f003f/00000019003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld1s.imm<<0+post | hl.lbi.po [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LBI.PR              hl_lbi_pr_48_b4bdbd29f859    AGU  48 0000707f003f/00000019002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld1s.imm<<0+pre | hl.lbi.pr [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LBIP                hl_lbip_48_70a5767aff16      AGU  48 0000707f003f/00000019001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp1s.imm<<0 | hl.lbip [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LBP                 hl_lbp_48_9d1fd0b3105b       AGU  48 0000707f07ff/00000009001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ldp1s.reg<<0 | hl.lbp [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LBU.PCR             hl_lbu_pcr_48_504b34c0ec9d   AGU  48 0000707f000f/00004039000e RegDst=27:23 simm:s=47:31@0,15:4@17 agu=ld1u.pcr<<2 | hl.lbu.pcr [{simm:pcr2}], ->{RegDst:d}
HL.LBU.PO              hl_lbu_po_48_5c8a5b39e6c5    AGU  48 0000707f07ff/00004009003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld1u.reg<<0+post | hl.lbu.po [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LBU.PR              hl_lbu_pr_48_bf9a0ea4b0db    AGU  48 0000707f07ff/00004009002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld1u.reg<<0+pre | hl.lbu.pr [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LBUI                hl_lbui_48_50579e3558f4      AGU  48 0000707f003f/00004019000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld1u.imm<<0 | hl.lbui [{SrcL}, {simm22}], ->{RegDst:d}
HL.LBUI.PO             hl_lbui_po_48_c889b4445022   AGU  48 0000707f003f/00004019003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld1u.imm<<0+post | hl.lbui.po [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LBUI.PR             hl_lbui_pr_48_78a81538a7fa   AGU  48 0000707f003f/00004019002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld1u.imm<<0+pre | hl.lbui.pr [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LBUIP               hl_lbuip_48_ad419fc474c0     AGU  48 0000707f003f/00004019001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp1u.imm<<0 | hl.lbuip [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LBUP                hl_lbup_48_c9598658dde4      AGU  48 0000707f07ff/00004009001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ldp1u.reg<<0 | hl.lbup [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LD.PCR              hl_ld_pcr_48_703673c266da    AGU  48 0000707f000f/00003039000e RegDst=27:23 simm:s=47:31@0,15:4@17 agu=ld8u.pcr<<2 | hl.ld.pcr [{simm:pcr2}], ->{RegDst:d}
HL.LD.PO               hl_ld_po_48_870e30995d10     AGU  48 0000707f07ff/00003009003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld8u.reg<<0+post | hl.ld.po [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LD.PR               hl_ld_pr_48_7ec4111b123b     AGU  48 0000707f07ff/00003009002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld8u.reg<<0+pre | hl.ld.pr [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LDI                 hl_ldi_48_088e69e45b37       AGU  48 0000707f003f/00003019000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld8u.imm<<3 | hl.ldi [{SrcL}, {simm22:*8}], ->{RegDst:d}
HL.LDI.PO              hl_ldi_po_48_0cc539e6798d    AGU  48 0000707f003f/00003019003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld8u.imm<<3+post | hl.ldi.po [{SrcL}, {simm17:*8}], ->{RegDst0:d}, {RegDst1:d}
HL.LDI.PR              hl_ldi_pr_48_d07cced5a281    AGU  48 0000707f003f/00003019002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld8u.imm<<3+pre | hl.ldi.pr [{SrcL}, {simm17:*8}], ->{RegDst0:d}, {RegDst1:d}
HL.LDI.U               hl_ldi_u_48_894d02c12dcc     AGU  48 0000707f003f/00003029000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld8u.imm<<0 | hl.ldi.u [{SrcL}, {simm22}], ->{RegDst:d}
HL.LDI.UPO             hl_ldi_upo_48_5126b735cfe8   AGU  48 0000707f003f/00003029003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld8u.imm<<0+post | hl.ldi.upo [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LDI.UPR             hl_ldi_upr_48_7a8e2794526f   AGU  48 0000707f003f/00003029002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld8u.imm<<0+pre | hl.ldi.upr [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LDIP                hl_ldip_48_60afa6423d39      AGU  48 0000707f003f/00003019001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp8u.imm<<3 | hl.ldip [{SrcL}, {simm17:*8}], ->{RegDst0:d}, {RegDst1:d}
HL.LDIP.U              hl_ldip_u_48_6813f4fdce5c    AGU  48 0000707f003f/00003029001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp8u.imm<<0 | hl.ldip.u [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LDP                 hl_ldp_48_a7a45a43dff9       AGU  48 0000707f07ff/00003009001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ldp8u.reg<<0 | hl.ldp [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LH.PCR              hl_lh_pcr_48_37df3cfe0d6e    AGU  48 0000707f000f/00001039000e RegDst=27:23 simm:s=47:31@0,15:4@17 agu=ld2s.pcr<<2 | hl.lh.pcr [{simm:pcr2}], ->{RegDst:d}
HL.LH.PO               hl_lh_po_48_7ca3e8b77906     AGU  48 0000707f07ff/00001009003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld2s.reg<<0+post | hl.lh.po [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LH.PR               hl_lh_pr_48_d59f64cde1dc     AGU  48 0000707f07ff/00001009002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld2s.reg<<0+pre | hl.lh.pr [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LHI                 hl_lhi_48_6d94cb04aeac       AGU  48 0000707f003f/00001019000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld2s.imm<<1 | hl.lhi [{SrcL}, {simm22:*2}], ->{RegDst:d}
HL.LHI.PO              hl_lhi_po_48_aa393747abda    AGU  48 0000707f003f/00001019003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld2s.imm<<1+post | hl.lhi.po [{SrcL}, {simm17:*2}], ->{RegDst0:d}, {RegDst1:d}
HL.LHI.PR              hl_lhi_pr_48_9ec8198594ad    AGU  48 0000707f003f/00001019002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld2s.imm<<1+pre | hl.lhi.pr [{SrcL}, {simm17:*2}], ->{RegDst0:d}, {RegDst1:d}
HL.LHI.U               hl_lhi_u_48_4d4b89e63c98     AGU  48 0000707f003f/00001029000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld2s.imm<<0 | hl.lhi.u [{SrcL}, {simm22}], ->{RegDst:d}
HL.LHI.UPO             hl_lhi_upo_48_81c796b13b12   AGU  48 0000707f003f/00001029003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld2s.imm<<0+post | hl.lhi.upo [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LHI.UPR             hl_lhi_upr_48_2a7c09d4b645   AGU  48 0000707f003f/00001029002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld2s.imm<<0+pre | hl.lhi.upr [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LHIP                hl_lhip_48_2c664751c537      AGU  48 0000707f003f/00001019001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp2s.imm<<1 | hl.lhip [{SrcL}, {simm17:*2}], ->{RegDst0:d}, {RegDst1:d}
HL.LHIP.U              hl_lhip_u_48_e37e98d63bfd    AGU  48 0000707f003f/00001029001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp2s.imm<<0 | hl.lhip.u [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LHP                 hl_lhp_48_128eb429101f       AGU  48 0000707f07ff/00001009001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ldp2s.reg<<0 | hl.lhp [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LHU.PCR             hl_lhu_pcr_48_444cb4ddde1d   AGU  48 0000707f000f/00005039000e RegDst=27:23 simm:s=47:31@0,15:4@17 agu=ld2u.pcr<<2 | hl.lhu.pcr [{simm:pcr2}], ->{RegDst:d}
HL.LHU.PO              hl_lhu_po_48_c57c3b4a74e8    AGU  48 0000707f07ff/00005009003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld2u.reg<<0+post | hl.lhu.po [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LHU.PR              hl_lhu_pr_48_f874b126e29c    AGU  48 0000707f07ff/00005009002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld2u.reg<<0+pre | hl.lhu.pr [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LHUI                hl_lhui_48_6450dca3aad9      AGU  48 0000707f003f/00005019000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld2u.imm<<1 | hl.lhui [{SrcL}, {simm22:*2}], ->{RegDst:d}
HL.LHUI.PO             hl_lhui_po_48_16db8d40eee8   AGU  48 0000707f003f/00005019003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld2u.imm<<1+post | hl.lhui.po [{SrcL}, {simm17:*2}], ->{RegDst0:d}, {RegDst1:d}
HL.LHUI.PR             hl_lhui_pr_48_6a99a2b99298   AGU  48 0000707f003f/00005019002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld2u.imm<<1+pre | hl.lhui.pr [{SrcL}, {simm17:*2}], ->{RegDst0:d}, {RegDst1:d}
HL.LHUI.U              hl_lhui_u_48_d75649bac1c7    AGU  48 0000707f003f/00005029000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld2u.imm<<0 | hl.lhui.u [{SrcL}, {simm22}], ->{RegDst:d}
HL.LHUI.UPO            hl_lhui_upo_48_7f2c3eae793e  AGU  48 0000707f003f/00005029003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld2u.imm<<0+post | hl.lhui.upo [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LHUI.UPR            hl_lhui_upr_48_7e66aaf61701  AGU  48 0000707f003f/00005029002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld2u.imm<<0+pre | hl.lhui.upr [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LHUIP               hl_lhuip_48_0b0ef5bd2405     AGU  48 0000707f003f/00005019001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp2u.imm<<1 | hl.lhuip [{SrcL}, {simm17:*2}], ->{RegDst0:d}, {RegDst1:d}
HL.LHUIP.U             hl_lhuip_u_48_11a0e580caf1   AGU  48 0000707f003f/00005029001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp2u.imm<<0 | hl.lhuip.u [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LHUP                hl_lhup_48_ea24f978b27a      AGU  48 0000707f07ff/00005009001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ldp2u.reg<<0 | hl.lhup [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LIS                 hl_lis_48_908853d6ef87       ALU  48 0000007f000f/0000000d000e RegDst=27:23 simm32:s=47:28@0,15:4@20 | hl.lis {simm32}, ->{RegDst:d}
HL.LIU                 hl_liu_48_9dd207ce3aea       ALU  48 0000007f000f/0000001d000e RegDst=27:23 uimm32:u=47:28@0,15:4@20 | hl.liu {uimm32}, ->{RegDst:d}
HL.LUI                 hl_lui_48_255991889818       ALU  48 0000007f000f/00000017000e RegDst=27:23 imm=47:28@0,15:4@20 | hl.lui {imm:x}, ->{RegDst:d}
HL.LW.PCR              hl_lw_pcr_48_00cf25e2ac36    AGU  48 0000707f000f/00002039000e RegDst=27:23 simm:s=47:31@0,15:4@17 agu=ld4s.pcr<<2 | hl.lw.pcr [{simm:pcr2}], ->{RegDst:d}
HL.LW.PO               hl_lw_po_48_ff2c6de58064     AGU  48 0000707f07ff/00002009003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld4s.reg<<0+post | hl.lw.po [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LW.PR               hl_lw_pr_48_2b0d62d28b57     AGU  48 0000707f07ff/00002009002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld4s.reg<<0+pre | hl.lw.pr [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LWI                 hl_lwi_48_549c666c56fd       AGU  48 0000707f003f/00002019000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld4s.imm<<2 | hl.lwi [{SrcL}, {simm22:*4}], ->{RegDst:d}
HL.LWI.PO              hl_lwi_po_48_2dc642d88d9d    AGU  48 0000707f003f/00002019003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld4s.imm<<2+post | hl.lwi.po [{SrcL}, {simm17:*4}], ->{RegDst0:d}, {RegDst1:d}
HL.LWI.PR              hl_lwi_pr_48_3b5e1524de1b    AGU  48 0000707f003f/00002019002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld4s.imm<<2+pre | hl.lwi.pr [{SrcL}, {simm17:*4}], ->{RegDst0:d}, {RegDst1:d}
HL.LWI.U               hl_lwi_u_48_267e0f4a6222     AGU  48 0000707f003f/00002029000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld4s.imm<<0 | hl.lwi.u [{SrcL}, {simm22}], ->{RegDst:d}
HL.LWI.UPO             hl_lwi_upo_48_1c25d6266934   AGU  48 0000707f003f/00002029003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld4s.imm<<0+post | hl.lwi.upo [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LWI.UPR             hl_lwi_upr_48_03b5f7994b14   AGU  48 0000707f003f/00002029002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld4s.imm<<0+pre | hl.lwi.upr [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LWIP                hl_lwip_48_e459297b8b7c      AGU  48 0000707f003f/00002019001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp4s.imm<<2 | hl.lwip [{SrcL}, {simm17:*4}], ->{RegDst0:d}, {RegDst1:d}
HL.LWIP.U              hl_lwip_u_48_c9aca369eab2    AGU  48 0000707f003f/00002029001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp4s.imm<<0 | hl.lwip.u [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LWP                 hl_lwp_48_10fe25c62553       AGU  48 0000707f07ff/00002009001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ldp4s.reg<<0 | hl.lwp [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LWU.PCR             hl_lwu_pcr_48_95ba33b7b68c   AGU  48 0000707f000f/00006039000e RegDst=27:23 simm:s=47:31@0,15:4@17 agu=ld4u.pcr<<2 | hl.lwu.pcr [{simm:pcr2}], ->{RegDst:d}
HL.LWU.PO              hl_lwu_po_48_98730d2ddead    AGU  48 0000707f07ff/00006009003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld4u.reg<<0+post | hl.lwu.po [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LWU.PR              hl_lwu_pr_48_f105cacec36c    AGU  48 0000707f07ff/00006009002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ld4u.reg<<0+pre | hl.lwu.pr [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.LWUI                hl_lwui_48_eeb551f8269d      AGU  48 0000707f003f/00006019000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld4u.imm<<2 | hl.lwui [{SrcL}, {simm22:*4}], ->{RegDst:d}
HL.LWUI.PO             hl_lwui_po_48_09a75b628dc4   AGU  48 0000707f003f/00006019003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld4u.imm<<2+post | hl.lwui.po [{SrcL}, {simm17:*4}], ->{RegDst0:d}, {RegDst1:d}
HL.LWUI.PR             hl_lwui_pr_48_32de19a508f0   AGU  48 0000707f003f/00006019002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld4u.imm<<2+pre | hl.lwui.pr [{SrcL}, {simm17:*4}], ->{RegDst0:d}, {RegDst1:d}
HL.LWUI.U              hl_lwui_u_48_4570cc517629    AGU  48 0000707f003f/00006029000e RegDst=27:23 SrcL=35:31 simm22:s=47:36@0,15:6@12 agu=ld4u.imm<<0 | hl.lwui.u [{SrcL}, {simm22}], ->{RegDst:d}
HL.LWUI.UPO            hl_lwui_upo_48_33260eb06a2c  AGU  48 0000707f003f/00006029003e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld4u.imm<<0+post | hl.lwui.upo [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LWUI.UPR            hl_lwui_upr_48_998a98c46469  AGU  48 0000707f003f/00006029002e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ld4u.imm<<0+pre | hl.lwui.upr [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LWUIP               hl_lwuip_48_2a5d6d8f3b70     AGU  48 0000707f003f/00006019001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp4u.imm<<2 | hl.lwuip [{SrcL}, {simm17:*4}], ->{RegDst0:d}, {RegDst1:d}
HL.LWUIP.U             hl_lwuip_u_48_0fed3b8c43b6   AGU  48 0000707f003f/00006029001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 simm17:s=47:36@0,10:6@12 agu=ldp4u.imm<<0 | hl.lwuip.u [{SrcL}, {simm17}], ->{RegDst0:d}, {RegDst1:d}
HL.LWUP                hl_lwup_48_30f20380c354      AGU  48 0000707f07ff/00006009001e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 SrcRType=42:41 shamt=47:43 agu=ldp4u.reg<<0 | hl.lwup [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst0:d}, {RegDst1:d}
HL.MADD                hl_madd_48_b062d741fd99      ALU  48 0600707f07ff/00006047000e RegDst0=27:23 RegDst1=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 | hl.madd {SrcL}, {SrcR}, {SrcD}, ->{RegDst0:d}, {RegDst1:d}
HL.MADDW               hl_maddw_48_6fac897f0264     ALU  48 0600707f07ff/00007047000e RegDst0=27:23 RegDst1=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 | hl.maddw {SrcL}, {SrcR}, {SrcD}, ->{RegDst0:d}, {RegDst1:d}
HL.MIADD               hl_miadd_48_ec5127b6dfd6     ALU  48 0000707f000f/0000004d000e RegDst=27:23 SrcL=35:31 SrcR=40:36 uimm19:u=47:41@0,15:4@7 | hl.miadd {SrcL}, {SrcR}, {uimm19}, ->{RegDst:d}
HL.MISUB               hl_misub_48_e9e4c7b23479     ALU  48 0000707f000f/0000104d000e RegDst=27:23 SrcL=35:31 SrcR=40:36 uimm19:u=47:41@0,15:4@7 | hl.misub {SrcL}, {SrcR}, {uimm19}, ->{RegDst:d}
HL.MUL                 hl_mul_48_0d059ff178fb       ALU  48 fe00707f07ff/00000047000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 | hl.mul {SrcL}, {SrcR}, ->{RegDst0:d}, {RegDst1:d}
HL.MULU                hl_mulu_48_85efdc81e8fc      ALU  48 fe00707f07ff/00001047000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 | hl.mulu {SrcL}, {SrcR}, ->{RegDst0:d}, {RegDst1:d}
HL.ORI                 hl_ori_48_c6d8ce28a78b       ALU  48 0000707f000f/00003015000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.ori {SrcL}, {simm24}, ->{RegDst:d}
HL.ORIW                hl_oriw_48_17673d186249      ALU  48 0000707f000f/00003035000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.oriw {SrcL}, {simm24}, ->{RegDst:d}
HL.PRF                 hl_prf_48_39641863bb21       AGU  48 00007fff07ff/00007009000e SrcL=35:31 SrcR=40:36 SrcRType=42:41 model=15:11 shamt=47:43 ?model=0-2 agu=prf1u.reg<<0 | hl.prf{model:lvl} [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}]
HL.PRF.A               hl_prf_a_48_267dc57d14f4     AGU  48 0000707f07ff/00007009001e RegDst=27:23 SrcL=35:31 SrcR=40:36 SrcRType=42:41 model=15:11 shamt=47:43 ?model=0-2 agu=prf1u.reg<<0+ret | hl.prf.a{model:lvl} [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst:d}
HL.PRFI.U              hl_prfi_u_48_be73891e376e    AGU  48 00007fff003f/00007029000e SrcL=35:31 model=15:11 simm17:s=47:36@0,10:6@12 ?model=0-2 agu=prf1u.imm<<0 | hl.prfi.u{model:lvl} [{SrcL}, {simm17}]
HL.PRFI.UA             hl_prfi_ua_48_c37fb30ecb0f   AGU  48 0000707f003f/00007029001e RegDst=27:23 SrcL=35:31 model=15:11 simm17:s=47:36@0,10:6@12 ?model=0-2 agu=prf1u.imm<<0+ret | hl.prfi.ua{model:lvl} [{SrcL}, {simm17}], ->{RegDst:d}
HL.REM                 hl_rem_48_3c13e08615aa       ALU  48 fe00707f07ff/00004057000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 | hl.rem {SrcL}, {SrcR}, ->{RegDst0:d}, {RegDst1:d}
HL.REMU                hl_remu_48_3bf4e5a663c1      ALU  48 fe00707f07ff/00005057000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 | hl.remu {SrcL}, {SrcR}, ->{RegDst0:d}, {RegDst1:d}
HL.REMUW               hl_remuw_48_26ea6e70f2fc     ALU  48 fe00707f07ff/00007057000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 | hl.remuw {SrcL}, {SrcR}, ->{RegDst0:d}, {RegDst1:d}
HL.REMW                hl_remw_48_3acb485d39a7      ALU  48 fe00707f07ff/00006057000e RegDst0=27:23 RegDst1=15:11 SrcL=35:31 SrcR=40:36 | hl.remw {SrcL}, {SrcR}, ->{RegDst0:d}, {RegDst1:d}
HL.SB.PCR              hl_sb_pcr_48_d0ba4b6e0f54    AGU  48 0000707f000f/00000069000e SrcL=35:31 simm:s=47:36@0,27:23@12,15:4@17 agu=st1u.pcr<<2 | hl.sb.pcr {SrcL}, [{simm:pcr2}]
HL.SB.PO               hl_sb_po_48_c21837f2c14d     AGU  48 00007fff07ff/00000049003e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st1u.reg<<0+post | hl.sb.po {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}], ->{RegDst:d}
HL.SB.PR               hl_sb_pr_48_40eae4513905     AGU  48 00007fff07ff/00000049002e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st1u.reg<<0+pre | hl.sb.pr {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}], ->{RegDst:d}
HL.SBI                 hl_sbi_48_3504e6935382       AGU  48 0000707f003f/00000059000e SrcD=35:31 SrcR=40:36 simm22:s=47:41@0,27:23@7,15:6@12 agu=st1u.imm<<0 | hl.sbi {SrcD}, [{SrcR}, {simm22}]
HL.SBI.PO              hl_sbi_po_48_493d9c8b27eb    AGU  48 0000707f003f/00000059003e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st1u.imm<<0+post | hl.sbi.po {SrcD}, [{SrcR}, {simm17}], ->{RegDst:d}
HL.SBI.PR              hl_sbi_pr_48_d6f48429cca5    AGU  48 0000707f003f/00000059002e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st1u.imm<<0+pre | hl.sbi.pr {SrcD}, [{SrcR}, {simm17}], ->{RegDst:d}
HL.SBIP                hl_sbip_48_48a212ee655e      AGU  48 0000707f003f/00000059001e SrcD=35:31 SrcD1=10:6 SrcR=40:36 simm17:s=47:41@0,27:23@7,15:11@12 agu=stp1u.imm<<0 | hl.sbip {SrcD}, {SrcD1}, [{SrcR}, {simm17}]
HL.SBP                 hl_sbp_48_12e03c011f0a       AGU  48 00007ffff83f/00000049001e SrcD=47:43 SrcD1=10:6 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=stp1u.reg<<0 | hl.sbp {SrcD}, {SrcD1}, [{SrcL}, {SrcR}{SrcRType:agu}]
HL.SD.PCR              hl_sd_pcr_48_8ed6bb942a78    AGU  48 0000707f000f/00003069000e SrcL=35:31 simm:s=47:36@0,27:23@12,15:4@17 agu=st8u.pcr<<2 | hl.sd.pcr {SrcL}, [{simm:pcr2}]
HL.SD.PO               hl_sd_po_48_9ced722101a8     AGU  48 00007fff07ff/00003049003e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st8u.reg<<3+post | hl.sd.po {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}<<3], ->{RegDst:d}
HL.SD.PR               hl_sd_pr_48_4f96249f5efe     AGU  48 00007fff07ff/00003049002e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st8u.reg<<3+pre | hl.sd.pr {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}<<3], ->{RegDst:d}
HL.SD.UPO              hl_sd_upo_48_ba930fbec5c7    AGU  48 00007fff07ff/00007049003e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st8u.reg<<0+post | hl.sd.upo {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}], ->{RegDst:d}
HL.SD.UPR              hl_sd_upr_48_af7118270a90    AGU  48 00007fff07ff/00007049002e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st8u.reg<<0+pre | hl.sd.upr {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}], ->{RegDst:d}
HL.SDI                 hl_sdi_48_3203094081da       AGU  48 0000707f003f/00003059000e SrcD=35:31 SrcR=40:36 simm22:s=47:41@0,27:23@7,15:6@12 agu=st8u.imm<<3 | hl.sdi {SrcD}, [{SrcR}, {simm22:*8}]
HL.SDI.PO              hl_sdi_po_48_4b6af4b433bb    AGU  48 0000707f003f/00003059003e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st8u.imm<<3+post | hl.sdi.po {SrcD}, [{SrcR}, {simm17:*8}], ->{RegDst:d}
HL.SDI.PR              hl_sdi_pr_48_8b2688251991    AGU  48 0000707f003f/00003059002e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st8u.imm<<3+pre | hl.sdi.pr {SrcD}, [{SrcR}, {simm17:*8}], ->{RegDst:d}
HL.SDI.U               hl_sdi_u_48_d9597eeba6b4     AGU  48 0000707f003f/00007059000e SrcD=35:31 SrcR=40:36 simm22:s=47:41@0,27:23@7,15:6@12 agu=st8u.imm<<0 | hl.sdi.u {SrcD}, [{SrcR}, {simm22}]
HL.SDI.UPO             hl_sdi_upo_48_0ceed9e5fdb0   AGU  48 0000707f003f/00007059003e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st8u.imm<<0+post | hl.sdi.upo {SrcD}, [{SrcR}, {simm17}], ->{RegDst:d}
HL.SDI.UPR             hl_sdi_upr_48_f8aba43b65d5   AGU  48 0000707f003f/00007059002e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st8u.imm<<0+pre | hl.sdi.upr {SrcD}, [{SrcR}, {simm17}], ->{RegDst:d}
HL.SDIP                hl_sdip_48_6d622cf167ca      AGU  48 0000707f003f/00003059001e SrcD=35:31 SrcD1=10:6 SrcR=40:36 simm17:s=47:41@0,27:23@7,15:11@12 agu=stp8u.imm<<3 | hl.sdip {SrcD}, {SrcD1}, [{SrcR}, {simm17:*8}]
HL.SDIP.U              hl_sdip_u_48_3260b03bb762    AGU  48 0000707f003f/00007059001e SrcD=35:31 SrcD1=10:6 SrcR=40:36 simm17:s=47:41@0,27:23@7,15:11@12 agu=stp8u.imm<<0 | hl.sdip.u {SrcD}, {SrcD1}, [{SrcR}, {simm17}]
HL.SDP                 hl_sdp_48_5884c49a7e55       AGU  48 00007ffff83f/00003049001e SrcD=47:43 SrcD1=10:6 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=stp8u.reg<<3 | hl.sdp {SrcD}, {SrcD1}, [{SrcL}, {SrcR}{SrcRType:agu}<<3]
HL.SDP.U               hl_sdp_u_48_66de58724f2f     AGU  48 00007ffff83f/00007049001e SrcD=47:43 SrcD1=10:6 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=stp8u.reg<<0 | hl.sdp.u {SrcD}, {SrcD1}, [{SrcL}, {SrcR}{SrcRType:agu}]
HL.SETC.ANDI           hl_setc_andi_48_f27796612fb3 BRU  48 0000707f000f/00002075000e SrcL=35:31 shamt=27:23 simm24:s=47:36@0,15:4@12 | hl.setc.andi {SrcL}, {simm24}{shamt:shl}
HL.SETC.EQI            hl_setc_eqi_48_0fe891fb0890  BRU  48 0000707f000f/00000075000e SrcL=35:31 shamt=27:23 simm24:s=47:36@0,15:4@12 | hl.setc.eqi {SrcL}, {simm24}{shamt:shl}
HL.SETC.GEI            hl_setc_gei_48_9563d6395d06  BRU  48 0000707f000f/00005075000e SrcL=35:31 shamt=27:23 simm24:s=47:36@0,15:4@12 | hl.setc.gei {SrcL}, {simm24}{shamt:shl}
HL.SETC.GEUI           hl_setc_geui_48_2390319baf54 BRU  48 0000707f000f/00007075000e SrcL=35:31 shamt=27:23 uimm24:u=47:36@0,15:4@12 | hl.setc.geui {SrcL}, {uimm24}{shamt:shl}
HL.SETC.LTI            hl_setc_lti_48_ad4ffebe877c  BRU  48 0000707f000f/00004075000e SrcL=35:31 shamt=27:23 simm24:s=47:36@0,15:4@12 | hl.setc.lti {SrcL}, {simm24}{shamt:shl}
HL.SETC.LTUI           hl_setc_ltui_48_cb7a12ba6ead BRU  48 0000707f000f/00006075000e SrcL=35:31 shamt=27:23 uimm24:u=47:36@0,15:4@12 | hl.setc.ltui {SrcL}, {uimm24}{shamt:shl}
HL.SETC.NEI            hl_setc_nei_48_f0bcf6586274  BRU  48 0000707f000f/00001075000e SrcL=35:31 shamt=27:23 simm24:s=47:36@0,15:4@12 | hl.setc.nei {SrcL}, {simm24}{shamt:shl}
HL.SETC.ORI            hl_setc_ori_48_137bce8aeb04  BRU  48 0000707f000f/00003075000e SrcL=35:31 shamt=27:23 simm24:s=47:36@0,15:4@12 | hl.setc.ori {SrcL}, {simm24}{shamt:shl}
HL.SETRET              hl_setret_48_302bb793a800    BRU  48 00000fff000f/00000507000e imm32=47:28@0,15:4@20 | hl.setret {imm32:pcu}, ->ra
HL.SH.PCR              hl_sh_pcr_48_705ea4062d0b    AGU  48 0000707f000f/00001069000e SrcL=35:31 simm:s=47:36@0,27:23@12,15:4@17 agu=st2u.pcr<<2 | hl.sh.pcr {SrcL}, [{simm:pcr2}]
HL.SH.PO               hl_sh_po_48_e0b543d5b724     AGU  48 00007fff07ff/00001049003e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st2u.reg<<1+post | hl.sh.po {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}<<1], ->{RegDst:d}
HL.SH.PR               hl_sh_pr_48_40ab17f5a580     AGU  48 00007fff07ff/00001049002e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st2u.reg<<1+pre | hl.sh.pr {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}<<1], ->{RegDst:d}
HL.SH.UPO              hl_sh_upo_48_5bfb8ea0c992    AGU  48 00007fff07ff/00005049003e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st2u.reg<<0+post | hl.sh.upo {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}], ->{RegDst:d}
HL.SH.UPR              hl_sh_upr_48_719102d66e45    AGU  48 00007fff07ff/00005049002e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st2u.reg<<0+pre | hl.sh.upr {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}], ->{RegDst:d}
HL.SHI                 hl_shi_48_38ea3f0a4f08       AGU  48 0000707f003f/00001059000e SrcD=35:31 SrcR=40:36 simm22:s=47:41@0,27:23@7,15:6@12 agu=st2u.imm<<1 | hl.shi {SrcD}, [{SrcR}, {simm22:*2}]
HL.SHI.PO              hl_shi_po_48_636fea832c7b    AGU  48 0000707f003f/00001059003e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st2u.imm<<1+post | hl.shi.po {SrcD}, [{SrcR}, {simm17:*2}], ->{RegDst:d}
HL.SHI.PR              hl_shi_pr_48_1020eb4dff56    AGU  48 0000707f003f/00001059002e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st2u.imm<<1+pre | hl.shi.pr {SrcD}, [{SrcR}, {simm17:*2}], ->{RegDst:d}
HL.SHI.U               hl_shi_u_48_79dbaa14d2c2     AGU  48 0000707f003f/00005059000e SrcD=35:31 SrcR=40:36 simm22:s=47:41@0,27:23@7,15:6@12 agu=st2u.imm<<0 | hl.shi.u {SrcD}, [{SrcR}, {simm22}]
HL.SHI.UPO             hl_shi_upo_48_de81eed370cf   AGU  48 0000707f003f/00005059003e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st2u.imm<<0+post | hl.shi.upo {SrcD}, [{SrcR}, {simm17}], ->{RegDst:d}
HL.SHI.UPR             hl_shi_upr_48_ca9f1acbb1b2   AGU  48 0000707f003f/00005059002e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st2u.imm<<0+pre | hl.shi.upr {SrcD}, [{SrcR}, {simm17}], ->{RegDst:d}
HL.SHIP                hl_ship_48_156afe74f95b      AGU  48 0000707f003f/00001059001e SrcD=35:31 SrcD1=10:6 SrcR=40:36 simm17:s=47:41@0,27:23@7,15:11@12 agu=stp2u.imm<<1 | hl.ship {SrcD}, {SrcD1}, [{SrcR}, {simm17:*2}]
HL.SHIP.U              hl_ship_u_48_fa5e1d981a8a    AGU  48 0000707f003f/00005059001e SrcD=35:31 SrcD1=10:6 SrcR=40:36 simm17:s=47:41@0,27:23@7,15:11@12 agu=stp2u.imm<<0 | hl.ship.u {SrcD}, {SrcD1}, [{SrcR}, {simm17}]
HL.SHP                 hl_shp_48_ccc507e71a27       AGU  48 00007ffff83f/00001049001e SrcD=47:43 SrcD1=10:6 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=stp2u.reg<<1 | hl.shp {SrcD}, {SrcD1}, [{SrcL}, {SrcR}{SrcRType:agu}<<1]
HL.SHP.U               hl_shp_u_48_232b2200b7b9     AGU  48 00007ffff83f/00005049001e SrcD=47:43 SrcD1=10:6 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=stp2u.reg<<0 | hl.shp.u {SrcD}, {SrcD1}, [{SrcL}, {SrcR}{SrcRType:agu}]
HL.SSRGET              hl_ssrget_48_fde37e58a3c4    SYS  48 000ff07f000f/0000003b000e RegDst=27:23 SSR_ID=47:36@0,15:4@12 | hl.ssrget {SSR_ID:x}, ->{RegDst:d}
HL.SSRSET              hl_ssrset_48_dd25753307c2    SYS  48 00007fff000f/0000103b000e SSR_ID=47:36@0,15:4@12 SrcL=35:31 | hl.ssrset {SrcL}, {SSR_ID:x}
HL.SUBI                hl_subi_48_e1f491a8aead      ALU  48 0000707f000f/00001015000e RegDst=27:23 SrcL=35:31 uimm24:u=47:36@0,15:4@12 | hl.subi {SrcL}, {uimm24}, ->{RegDst:d}
HL.SUBIW               hl_subiw_48_adc7b127a2f8     ALU  48 0000707f000f/00001035000e RegDst=27:23 SrcL=35:31 uimm24:u=47:36@0,15:4@12 | hl.subiw {SrcL}, {uimm24}, ->{RegDst:d}
HL.SW.PCR              hl_sw_pcr_48_8f8900dfac6b    AGU  48 0000707f000f/00002069000e SrcL=35:31 simm:s=47:36@0,27:23@12,15:4@17 agu=st4u.pcr<<2 | hl.sw.pcr {SrcL}, [{simm:pcr2}]
HL.SW.PO               hl_sw_po_48_84cf0cd97fde     AGU  48 00007fff07ff/00002049003e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st4u.reg<<2+post | hl.sw.po {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}<<2], ->{RegDst:d}
HL.SW.PR               hl_sw_pr_48_d80424b0a9cb     AGU  48 00007fff07ff/00002049002e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st4u.reg<<2+pre | hl.sw.pr {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}<<2], ->{RegDst:d}
HL.SW.UPO              hl_sw_upo_48_59be7b468f8a    AGU  48 00007fff07ff/00006049003e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st4u.reg<<0+post | hl.sw.upo {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}], ->{RegDst:d}
HL.SW.UPR              hl_sw_upr_48_d4ccb513944a    AGU  48 00007fff07ff/00006049002e RegDst=15:11 SrcD=47:43 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=st4u.reg<<0+pre | hl.sw.upr {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}], ->{RegDst:d}
HL.SWI                 hl_swi_48_13deb2849df5       AGU  48 0000707f003f/00002059000e SrcD=35:31 SrcR=40:36 simm22:s=47:41@0,27:23@7,15:6@12 agu=st4u.imm<<2 | hl.swi {SrcD}, [{SrcR}, {simm22:*4}]
HL.SWI.PO              hl_swi_po_48_66a80d0fa7f5    AGU  48 0000707f003f/00002059003e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st4u.imm<<2+post | hl.swi.po {SrcD}, [{SrcR}, {simm17:*4}], ->{RegDst:d}
HL.SWI.PR              hl_swi_pr_48_68b9003e0421    AGU  48 0000707f003f/00002059002e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st4u.imm<<2+pre | hl.swi.pr {SrcD}, [{SrcR}, {simm17:*4}], ->{RegDst:d}
HL.SWI.U               hl_swi_u_48_fac636330fd6     AGU  48 0000707f003f/00006059000e SrcD=35:31 SrcR=40:36 simm22:s=47:41@0,27:23@7,15:6@12 agu=st4u.imm<<0 | hl.swi.u {SrcD}, [{SrcR}, {simm22}]
HL.SWI.UPO             hl_swi_upo_48_243d3c38cd1a   AGU  48 0000707f003f/00006059003e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st4u.imm<<0+post | hl.swi.upo {SrcD}, [{SrcR}, {simm17}], ->{RegDst:d}
HL.SWI.UPR             hl_swi_upr_48_15c2fb96aab0   AGU  48 0000707f003f/00006059002e RegDst=15:11 SrcD=35:31 SrcR=40:36 simm17:s=47:41@0,27:23@7,10:6@12 agu=st4u.imm<<0+pre | hl.swi.upr {SrcD}, [{SrcR}, {simm17}], ->{RegDst:d}
HL.SWIP                hl_swip_48_e2fca8cde001      AGU  48 0000707f003f/00002059001e SrcD=35:31 SrcD1=10:6 SrcR=40:36 simm17:s=47:41@0,27:23@7,15:11@12 agu=stp4u.imm<<2 | hl.swip {SrcD}, {SrcD1}, [{SrcR}, {simm17:*4}]
HL.SWIP.U              hl_swip_u_48_e2dc917c8505    AGU  48 0000707f003f/00006059001e SrcD=35:31 SrcD1=10:6 SrcR=40:36 simm17:s=47:41@0,27:23@7,15:11@12 agu=stp4u.imm<<0 | hl.swip.u {SrcD}, {SrcD1}, [{SrcR}, {simm17}]
HL.SWP                 hl_swp_48_d0efe96e09f0       AGU  48 00007ffff83f/00002049001e SrcD=47:43 SrcD1=10:6 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=stp4u.reg<<2 | hl.swp {SrcD}, {SrcD1}, [{SrcL}, {SrcR}{SrcRType:agu}<<2]
HL.SWP.U               hl_swp_u_48_c244a576be8e     AGU  48 00007ffff83f/00006049001e SrcD=47:43 SrcD1=10:6 SrcL=35:31 SrcR=40:36 SrcRType=42:41 agu=stp4u.reg<<0 | hl.swp.u {SrcD}, {SrcD1}, [{SrcL}, {SrcR}{SrcRType:agu}]
HL.XORI                hl_xori_48_b4d85f91aad8      ALU  48 0000707f000f/00004015000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.xori {SrcL}, {simm24}, ->{RegDst:d}
HL.XORIW               hl_xoriw_48_9a3edbd09746     ALU  48 0000707f000f/00004035000e RegDst=27:23 SrcL=35:31 simm24:s=47:36@0,15:4@12 | hl.xoriw {SrcL}, {simm24}, ->{RegDst:d}
IC.IALL                ic_iall_32_854f0d4d906a      SYS  32 ffffffff/0010502b  | ic.iall
IC.IVA                 ic_iva_32_11b9a61dd8b5       SYS  32 fff07fff/0000502b SrcL=19:15 | ic.iva {SrcL}
J                      j_32_a303cf05af42            BRU  32 0000707f/00000037 simm22:s=31:15@0,11:7@17 | j {simm22:pc}
JR                     jr_32_c4128e843b05           BRU  32 0000707f/00006027 SrcL=19:15 SrcZero=24:20 simm12:s=31:25@0,11:7@7 | jr {SrcL}, {simm12:*2}
LB                     lb_32_b718aa88e28f           AGU  32 0000707f/00000009 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 agu=ld1s.reg<<0 | lb [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst:d}
LB.PCR                 lb_pcr_32_3fa2540b22d0       AGU  32 0000707f/00000039 RegDst=11:7 simm17:s=31:15 agu=ld1s.pcr<<2 | lb.pcr [{simm17:pcr2}], ->{RegDst:d}
LBI                    lbi_32_9af2cdbeb38f          AGU  32 0000707f/00000019 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld1s.imm<<0 | lbi [{SrcL}, {simm12}], ->{RegDst:d}
LBU                    lbu_32_a9a58ab4ea22          AGU  32 0000707f/00004009 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 agu=ld1u.reg<<0 | lbu [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst:d}
LBU.PCR                lbu_pcr_32_5b571b0c8dc2      AGU  32 0000707f/00004039 RegDst=11:7 simm17:s=31:15 agu=ld1u.pcr<<2 | lbu.pcr [{simm17:pcr2}], ->{RegDst:d}
LBUI                   lbui_32_c39b9aa11f02         AGU  32 0000707f/00004019 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld1u.imm<<0 | lbui [{SrcL}, {simm12}], ->{RegDst:d}
LD                     ld_32_7c48838bc4e6           AGU  32 0000707f/00003009 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 agu=ld8u.reg<<0 | ld [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst:d}
LD.ADD                 ld_add_32_a4038a6c7e86       AMO  32 f000707f/0000400b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | ld.add{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LD.AND                 ld_and_32_2a46b3003480       AMO  32 f000707f/1000400b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | ld.and{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LD.OR                  ld_or_32_456d270cfc7d        AMO  32 f000707f/2000400b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | ld.or{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LD.PCR                 ld_pcr_32_99bc3d2d487b       AGU  32 0000707f/00003039 RegDst=11:7 simm17:s=31:15 agu=ld8u.pcr<<2 | ld.pcr [{simm17:pcr2}], ->{RegDst:d}
LD.SMAX                ld_smax_32_a3aad6120226      AMO  32 f000707f/4000400b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | ld.smax{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LD.SMIN                ld_smin_32_9461d345718f      AMO  32 f000707f/5000400b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | ld.smin{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LD.UMAX                ld_umax_32_a84af75745d9      AMO  32 f000707f/6000400b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | ld.umax{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LD.UMIN                ld_umin_32_4bf2f357eff3      AMO  32 f000707f/7000400b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | ld.umin{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LD.XOR                 ld_xor_32_33072c0fde61       AMO  32 f000707f/3000400b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | ld.xor{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LDI                    ldi_32_d82a643f7a2b          AGU  32 0000707f/00003019 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld8u.imm<<3 | ldi [{SrcL}, {simm12:*8}], ->{RegDst:d}
LDI.U                  ldi_u_32_111bb521a439        AGU  32 0000707f/00003029 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld8u.imm<<0 | ldi.u [{SrcL}, {simm12}], ->{RegDst:d}
LH                     lh_32_d0f04d7d7696           AGU  32 0000707f/00001009 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 agu=ld2s.reg<<0 | lh [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst:d}
LH.PCR                 lh_pcr_32_aabf46d21e49       AGU  32 0000707f/00001039 RegDst=11:7 simm17:s=31:15 agu=ld2s.pcr<<2 | lh.pcr [{simm17:pcr2}], ->{RegDst:d}
LHI                    lhi_32_46a45ec7074d          AGU  32 0000707f/00001019 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld2s.imm<<1 | lhi [{SrcL}, {simm12:*2}], ->{RegDst:d}
LHI.U                  lhi_u_32_bb0c81c6e61d        AGU  32 0000707f/00001029 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld2s.imm<<0 | lhi.u [{SrcL}, {simm12}], ->{RegDst:d}
LHU                    lhu_32_730caf67ecd1          AGU  32 0000707f/00005009 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 agu=ld2u.reg<<0 | lhu [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst:d}
LHU.PCR                lhu_pcr_32_9f4a1c04f258      AGU  32 0000707f/00005039 RegDst=11:7 simm17:s=31:15 agu=ld2u.pcr<<2 | lhu.pcr [{simm17:pcr2}], ->{RegDst:d}
LHUI                   lhui_32_6da39bba900b         AGU  32 0000707f/00005019 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld2u.imm<<1 | lhui [{SrcL}, {simm12:*2}], ->{RegDst:d}
LHUI.U                 lhui_u_32_748b15cd2ced       AGU  32 0000707f/00005029 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld2u.imm<<0 | lhui.u [{SrcL}, {simm12}], ->{RegDst:d}
LR.B                   lr_b_32_cf80903a761a         AMO  32 f000707f/0000000b RegDst=11:7 SrcL=19:15 SrcZero=24:20 aq=26 far=27 rl=25 | lr.b{ord} [{SrcL}], ->{RegDst:d}
LR.D                   lr_d_32_84d21a553dc1         AMO  32 f000707f/3000000b RegDst=11:7 SrcL=19:15 SrcZero=24:20 aq=26 far=27 rl=25 | lr.d{ord} [{SrcL}], ->{RegDst:d}
LR.H                   lr_h_32_f936df218d63         AMO  32 f000707f/1000000b RegDst=11:7 SrcL=19:15 SrcZero=24:20 aq=26 far=27 rl=25 | lr.h{ord} [{SrcL}], ->{RegDst:d}
LR.W                   lr_w_32_efecc735bb75         AMO  32 f000707f/2000000b RegDst=11:7 SrcL=19:15 SrcZero=24:20 aq=26 far=27 rl=25 | lr.w{ord} [{SrcL}], ->{RegDst:d}
LSRGET                 lsrget_32_448b17d7c20a       SYS  32 000ff07f/0000303b LSR_ID=31:20 RegDst=11:7 | lsrget {LSR_ID:x}, ->{RegDst:d}
LUI                    lui_32_982113b541d6          ALU  32 0000007f/00000017 RegDst=11:7 imm20=31:12 | lui {imm20:s}, ->{RegDst:d}
LW                     lw_32_3a77ffafcb34           AGU  32 0000707f/00002009 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 agu=ld4s.reg<<0 | lw [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst:d}
LW.ADD                 lw_add_32_5be3ad1ad081       AMO  32 f000707f/0000200b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | lw.add{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LW.AND                 lw_and_32_f8dd9866b069       AMO  32 f000707f/1000200b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | lw.and{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LW.OR                  lw_or_32_d6d2f87706fd        AMO  32 f000707f/2000200b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | lw.or{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LW.PCR                 lw_pcr_32_d135a1aa4ffb       AGU  32 0000707f/00002039 RegDst=11:7 simm17:s=31:15 agu=ld4s.pcr<<2 | lw.pcr [{simm17:pcr2}], ->{RegDst:d}
LW.SMAX                lw_smax_32_838b8c673c91      AMO  32 f000707f/4000200b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | lw.smax{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LW.SMIN                lw_smin_32_44452ae44d02      AMO  32 f000707f/5000200b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | lw.smin{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LW.UMAX                lw_umax_32_3c6a5a534674      AMO  32 f000707f/6000200b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | lw.umax{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LW.UMIN                lw_umin_32_fd9b7bb538a3      AMO  32 f000707f/7000200b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | lw.umin{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LW.XOR                 lw_xor_32_4d4aa82c676a       AMO  32 f000707f/3000200b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | lw.xor{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
LWI                    lwi_32_7085c98058fa          AGU  32 0000707f/00002019 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld4s.imm<<2 | lwi [{SrcL}, {simm12:*4}], ->{RegDst:d}
LWI.U                  lwi_u_32_4a7426a70f10        AGU  32 0000707f/00002029 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld4s.imm<<0 | lwi.u [{SrcL}, {simm12}], ->{RegDst:d}
LWU                    lwu_32_678935925636          AGU  32 0000707f/00006009 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 agu=ld4u.reg<<0 | lwu [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst:d}
LWU.PCR                lwu_pcr_32_df27ea51c564      AGU  32 0000707f/00006039 RegDst=11:7 simm17:s=31:15 agu=ld4u.pcr<<2 | lwu.pcr [{simm17:pcr2}], ->{RegDst:d}
LWUI                   lwui_32_b435f946eb71         AGU  32 0000707f/00006019 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld4u.imm<<2 | lwui [{SrcL}, {simm12:*4}], ->{RegDst:d}
LWUI.U                 lwui_u_32_1fcbb98df571       AGU  32 0000707f/00006029 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=ld4u.imm<<0 | lwui.u [{SrcL}, {simm12}], ->{RegDst:d}
MADD                   madd_32_6208e8e59303         ALU  32 0600707f/00006047 RegDst=11:7 SrcD=31:27 SrcL=19:15 SrcR=24:20 | madd {SrcL}, {SrcR}, {SrcD}, ->{RegDst:d}
MADDW                  maddw_32_9f922b15e674        ALU  32 0600707f/00007047 RegDst=11:7 SrcD=31:27 SrcL=19:15 SrcR=24:20 | maddw {SrcL}, {SrcR}, {SrcD}, ->{RegDst:d}
MAX                    max_32_9166468a1db7          ALU  32 fe00707f/0000405b RegDst=11:7 SrcL=19:15 SrcR=24:20 | max {SrcL}, {SrcR}, ->{RegDst:d}
MAXU                   maxu_32_b8789571339d         ALU  32 fe00707f/0800405b RegDst=11:7 SrcL=19:15 SrcR=24:20 | maxu {SrcL}, {SrcR}, ->{RegDst:d}
MIN                    min_32_25692b799267          ALU  32 fe00707f/0000505b RegDst=11:7 SrcL=19:15 SrcR=24:20 | min {SrcL}, {SrcR}, ->{RegDst:d}
MINU                   minu_32_9bdb71ef7b19         ALU  32 fe00707f/0800505b RegDst=11:7 SrcL=19:15 SrcR=24:20 | minu {SrcL}, {SrcR}, ->{RegDst:d}
MUL                    mul_32_9f2affd8efb8          ALU  32 fe00707f/00000047 RegDst=11:7 SrcL=19:15 SrcR=24:20 | mul {SrcL}, {SrcR}, ->{RegDst:d}
MULU                   mulu_32_10b9d1936631         ALU  32 fe00707f/00001047 RegDst=11:7 SrcL=19:15 SrcR=24:20 | mulu {SrcL}, {SrcR}, ->{RegDst:d}
MULUW                  muluw_32_8f52b3d45e53        ALU  32 fe00707f/00003047 RegDst=11:7 SrcL=19:15 SrcR=24:20 | muluw {SrcL}, {SrcR}, ->{RegDst:d}
MULW                   mulw_32_b90cb6a30a23         ALU  32 fe00707f/00002047 RegDst=11:7 SrcL=19:15 SrcR=24:20 | mulw {SrcL}, {SrcR}, ->{RegDst:d}
OR                     or_32_a7fb80e78831           ALU  32 0000707f/00003005 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 | or {SrcL}, {SrcR}{SrcRType:alul}{shamt:shl}, ->{RegDst:d}
ORI                    ori_32_413a6cc76e9a          ALU  32 0000707f/00003015 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | ori {SrcL}, {simm12}, ->{RegDst:d}
ORIW                   oriw_32_91608caf1ba6         ALU  32 0000707f/00003035 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | oriw {SrcL}, {simm12}, ->{RegDst:d}
ORW                    orw_32_84f7ac2ed68f          ALU  32 0000707f/00003025 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 | orw {SrcL}, {SrcR}{SrcRType:alul}{shamt:shl}, ->{RegDst:d}
PRF                    prf_32_30e6dfe4e3ce          AGU  32 0000707f/00007009 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 agu=prf1u.reg<<0 | prf [{SrcL}, {SrcR}{SrcRType:agu}{shamt:shl}], ->{RegDst:d}
PRFI.U                 prfi_u_32_167b42882547       AGU  32 0000707f/00007029 RegDst=11:7 SrcL=19:15 simm12:s=31:20 agu=prf1u.imm<<0 | prfi.u [{SrcL}, {simm12}], ->{RegDst:d}
REM                    rem_32_0abbd6a3b865          ALU  32 fe00707f/00004057 RegDst=11:7 SrcL=19:15 SrcR=24:20 | rem {SrcL}, {SrcR}, ->{RegDst:d}
REMU                   remu_32_d7a5d1ebbbf5         ALU  32 fe00707f/00005057 RegDst=11:7 SrcL=19:15 SrcR=24:20 | remu {SrcL}, {SrcR}, ->{RegDst:d}
REMUW                  remuw_32_f10ade2f5ccb        ALU  32 fe00707f/00007057 RegDst=11:7 SrcL=19:15 SrcR=24:20 | remuw {SrcL}, {SrcR}, ->{RegDst:d}
REMW                   remw_32_22659af46ec0         ALU  32 fe00707f/00006057 RegDst=11:7 SrcL=19:15 SrcR=24:20 | remw {SrcL}, {SrcR}, ->{RegDst:d}
REV                    rev_32_58badc109d49          ALU  32 0000707f/00007067 RegDst=11:7 SrcL=19:15 imml=25:20 immr=31:26 | rev {SrcL}, {immr}, {imml:+1}, ->{RegDst:d}
SB                     sb_32_43c106ae3749           AGU  32 00007fff/00000049 SrcD=31:27 SrcL=19:15 SrcR=24:20 SrcRType=26:25 agu=st1u.reg<<0 | sb {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}]
SB.PCR                 sb_pcr_32_7625a9a24c59       AGU  32 0000707f/00000069 SrcL=19:15 simm:s=31:20@0,11:7@12 agu=st1u.pcr<<2 | sb.pcr {SrcL}, [{simm:pcr2}]
SBI                    sbi_32_f3c6b796f0d9          AGU  32 0000707f/00000059 SrcL=19:15 SrcR=24:20 simm12:s=31:25@0,11:7@7 agu=st1u.imm<<0 | sbi {SrcL}, [{SrcR}, {simm12}]
SC.B                   sc_b_32_baf609e1d5c3         AMO  32 f000707f/0000100b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | sc.b{ord} {SrcL}, [{SrcR}], ->{RegDst:d}
SC.D                   sc_d_32_2e714149031c         AMO  32 f000707f/3000100b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | sc.d{ord} {SrcL}, [{SrcR}], ->{RegDst:d}
SC.H                   sc_h_32_108941eabac6         AMO  32 f000707f/1000100b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | sc.h{ord} {SrcL}, [{SrcR}], ->{RegDst:d}
SC.W                   sc_w_32_14b238f02bfd         AMO  32 f000707f/2000100b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | sc.w{ord} {SrcL}, [{SrcR}], ->{RegDst:d}
SCVTF                  scvtf_32_01861bbd5ef2        FSU  32 01f0707f/0000606b DstType=31:27 RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 ?DstType=0-14 | scvtf{SrcType:cvs}{DstType:cvd} {SrcL}, ->{RegDst:d}
SD                     sd_32_9dbc40328653           AGU  32 00007fff/00003049 SrcD=31:27 SrcL=19:15 SrcR=24:20 SrcRType=26:25 agu=st8u.reg<<3 | sd {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}<<3]
SD.ADD                 sd_add_32_2a55ae1228bd       AMO  32 f4007fff/0000500b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sd.add{ord} [{SrcL}], {SrcR}
SD.AND                 sd_and_32_71963e1769c2       AMO  32 f4007fff/1000500b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sd.and{ord} [{SrcL}], {SrcR}
SD.OR                  sd_or_32_2a65eedfae0f        AMO  32 f4007fff/2000500b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sd.or{ord} [{SrcL}], {SrcR}
SD.PCR                 sd_pcr_32_2340e0085413       AGU  32 0000707f/00003069 SrcL=19:15 simm:s=31:20@0,11:7@12 agu=st8u.pcr<<2 | sd.pcr {SrcL}, [{simm:pcr2}]
SD.SMAX                sd_smax_32_e59bf90b50c3      AMO  32 f4007fff/4000500b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sd.smax{ord} [{SrcL}], {SrcR}
SD.SMIN                sd_smin_32_188d93125032      AMO  32 f4007fff/5000500b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sd.smin{ord} [{SrcL}], {SrcR}
SD.U                   sd_u_32_1602c58c2031         AGU  32 00007fff/00007049 SrcD=31:27 SrcL=19:15 SrcR=24:20 SrcRType=26:25 agu=st8u.reg<<0 | sd.u {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}]
SD.UMAX                sd_umax_32_89c5ec42be68      AMO  32 f4007fff/6000500b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sd.umax{ord} [{SrcL}], {SrcR}
SD.UMIN                sd_umin_32_2388cbb378ac      AMO  32 f4007fff/7000500b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sd.umin{ord} [{SrcL}], {SrcR}
SD.XOR                 sd_xor_32_7655ceaf9497       AMO  32 f4007fff/3000500b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sd.xor{ord} [{SrcL}], {SrcR}
SDI                    sdi_32_fab563230a66          AGU  32 0000707f/00003059 SrcL=19:15 SrcR=24:20 simm12:s=31:25@0,11:7@7 agu=st8u.imm<<3 | sdi {SrcL}, [{SrcR}, {simm12:*8}]
SDI.U                  sdi_u_32_cba5a4a04e7b        AGU  32 0000707f/00007059 SrcL=19:15 SrcR=24:20 simm12:s=31:25@0,11:7@7 agu=st8u.imm<<0 | sdi.u {SrcL}, [{SrcR}, {simm12}]
SETC.AND               setc_and_32_90b4e93ef9d4     BRU  32 f8007fff/00002065 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | setc.and {SrcL}, {SrcR}{SrcRType:cmpl}
SETC.ANDI              setc_andi_32_32fe61c0559b    BRU  32 0000707f/00002075 SrcL=19:15 shamt=11:7 simm12:s=31:20 | setc.andi {SrcL}, {simm12}{shamt:shl}
SETC.EQ                setc_eq_32_fb06e1dddc5c      BRU  32 f8007fff/00000065 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | setc.eq {SrcL}, {SrcR}{SrcRType:cmp}
SETC.EQI               setc_eqi_32_5b2366a4e55d     BRU  32 0000707f/00000075 SrcL=19:15 shamt=11:7 simm12:s=31:20 | setc.eqi {SrcL}, {simm12}{shamt:shl}
SETC.GE                setc_ge_32_56a2b539b072      BRU  32 f8007fff/00005065 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | setc.ge {SrcL}, {SrcR}{SrcRType:cmp}
SETC.GEI               setc_gei_32_c3f4fdc4adcc     BRU  32 0000707f/00005075 SrcL=19:15 shamt=11:7 simm12:s=31:20 | setc.gei {SrcL}, {simm12}{shamt:shl}
SETC.GEU               setc_geu_32_494f1f79099e     BRU  32 f8007fff/00007065 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | setc.geu {SrcL}, {SrcR}{SrcRType:cmp}
SETC.GEUI              setc_geui_32_6c34bc4ad314    BRU  32 0000707f/00007075 SrcL=19:15 shamt=11:7 uimm12:u=31:20 | setc.geui {SrcL}, {uimm12}{shamt:shl}
SETC.LT                setc_lt_32_10de99f3ad6a      BRU  32 f8007fff/00004065 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | setc.lt {SrcL}, {SrcR}{SrcRType:cmp}
SETC.LTI               setc_lti_32_89d74d948b74     BRU  32 0000707f/00004075 SrcL=19:15 shamt=11:7 simm12:s=31:20 | setc.lti {SrcL}, {simm12}{shamt:shl}
SETC.LTU               setc_ltu_32_4a1ff65ecafb     BRU  32 f8007fff/00006065 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | setc.ltu {SrcL}, {SrcR}{SrcRType:cmp}
SETC.LTUI              setc_ltui_32_7908d25901c6    BRU  32 0000707f/00006075 SrcL=19:15 shamt=11:7 uimm12:u=31:20 | setc.ltui {SrcL}, {uimm12}{shamt:shl}
SETC.NE                setc_ne_32_77576a5c690c      BRU  32 f8007fff/00001065 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | setc.ne {SrcL}, {SrcR}{SrcRType:cmp}
SETC.NEI               setc_nei_32_fa01e973ab76     BRU  32 0000707f/00001075 SrcL=19:15 shamt=11:7 simm12:s=31:20 | setc.nei {SrcL}, {simm12}{shamt:shl}
SETC.OR                setc_or_32_740134c709d2      BRU  32 f8007fff/00003065 SrcL=19:15 SrcR=24:20 SrcRType=26:25 | setc.or {SrcL}, {SrcR}{SrcRType:cmpl}
SETC.ORI               setc_ori_32_183dc15fad54     BRU  32 0000707f/00003075 SrcL=19:15 shamt=11:7 simm12:s=31:20 | setc.ori {SrcL}, {simm12}{shamt:shl}
SETC.TGT               setc_tgt_32_c02656d3a2b8     SYS  32 fff07fff/0000403b SrcL=19:15 | setc.tgt {SrcL}
SETRET                 setret_32_72003dcf3b59       BRU  32 00000fff/00000507 imm20=31:12 | setret {imm20:pcu}, ->ra
SH                     sh_32_bc7d4a7dea28           AGU  32 00007fff/00001049 SrcD=31:27 SrcL=19:15 SrcR=24:20 SrcRType=26:25 agu=st2u.reg<<1 | sh {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}<<1]
SH.PCR                 sh_pcr_32_14ba505eb3c2       AGU  32 0000707f/00001069 SrcL=19:15 simm:s=31:20@0,11:7@12 agu=st2u.pcr<<2 | sh.pcr {SrcL}, [{simm:pcr2}]
SH.U                   sh_u_32_fa87afbf8f24         AGU  32 00007fff/00005049 SrcD=31:27 SrcL=19:15 SrcR=24:20 SrcRType=26:25 agu=st2u.reg<<0 | sh.u {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}]
SHI                    shi_32_21351c202204          AGU  32 0000707f/00001059 SrcL=19:15 SrcR=24:20 simm12:s=31:25@0,11:7@7 agu=st2u.imm<<1 | shi {SrcL}, [{SrcR}, {simm12:*2}]
SHI.U                  shi_u_32_caaf3ed72a8f        AGU  32 0000707f/00005059 SrcL=19:15 SrcR=24:20 simm12:s=31:25@0,11:7@7 agu=st2u.imm<<0 | shi.u {SrcL}, [{SrcR}, {simm12}]
SLL                    sll_32_a100b8961e21          ALU  32 fe00707f/00007005 RegDst=11:7 SrcL=19:15 SrcR=24:20 | sll {SrcL}, {SrcR}, ->{RegDst:d}
SLLI                   slli_32_b43ca2454e3a         ALU  32 fc00707f/00007015 RegDst=11:7 SrcL=19:15 shamt=25:20 | slli {SrcL}, {shamt}, ->{RegDst:d}
SLLIW                  slliw_32_c6bf463b97ae        ALU  32 fe00707f/00007035 RegDst=11:7 SrcL=19:15 shamt=24:20 | slliw {SrcL}, {shamt}, ->{RegDst:d}
SLLW                   sllw_32_a37b63c16b27         ALU  32 fe00707f/00007025 RegDst=11:7 SrcL=19:15 SrcR=24:20 | sllw {SrcL}, {SrcR}, ->{RegDst:d}
SRA                    sra_32_ba03eea6386b          ALU  32 fe00707f/00006005 RegDst=11:7 SrcL=19:15 SrcR=24:20 | sra {SrcL}, {SrcR}, ->{RegDst:d}
SRAI                   srai_32_e471ea84d4fd         ALU  32 fc00707f/00006015 RegDst=11:7 SrcL=19:15 shamt=25:20 | srai {SrcL}, {shamt}, ->{RegDst:d}
SRAIW                  sraiw_32_db04a6299504        ALU  32 fe00707f/00006035 RegDst=11:7 SrcL=19:15 shamt=24:20 | sraiw {SrcL}, {shamt}, ->{RegDst:d}
SRAW                   sraw_32_5baf37f34241         ALU  32 fe00707f/00006025 RegDst=11:7 SrcL=19:15 SrcR=24:20 | sraw {SrcL}, {SrcR}, ->{RegDst:d}
SRL                    srl_32_5cfca42c59f3          ALU  32 fe00707f/00005005 RegDst=11:7 SrcL=19:15 SrcR=24:20 | srl {SrcL}, {SrcR}, ->{RegDst:d}
SRLI                   srli_32_dd29ca058cfe         ALU  32 fc00707f/00005015 RegDst=11:7 SrcL=19:15 shamt=25:20 | srli {SrcL}, {shamt}, ->{RegDst:d}
SRLIW                  srliw_32_ef4aa650f46e        ALU  32 fe00707f/00005035 RegDst=11:7 SrcL=19:15 shamt=24:20 | srliw {SrcL}, {shamt}, ->{RegDst:d}
SRLW                   srlw_32_2c6458b2aadb         ALU  32 fe00707f/00005025 RegDst=11:7 SrcL=19:15 SrcR=24:20 | srlw {SrcL}, {SrcR}, ->{RegDst:d}
SSRGET                 ssrget_32_959957ab6b75       SYS  32 000ff07f/0000003b RegDst=11:7 SSR_ID=31:20 | ssrget {SSR_ID:x}, ->{RegDst:d}
SSRSET                 ssrset_32_4dd3b71802c6       SYS  32 00007fff/0000103b SSR_ID=31:20 SrcL=19:15 | ssrset {SrcL}, {SSR_ID:x}
SSRSWAP                ssrswap_32_a01c7e2c7c29      SYS  32 0000707f/0000203b RegDst=11:7 SSR_ID=31:20 SrcL=19:15 | ssrswap {SrcL}, {SSR_ID:x}, ->{RegDst:d}
SUB                    sub_32_af383d4a2b42          ALU  32 0000707f/00001005 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 | sub {SrcL}, {SrcR}{SrcRType:alu}{shamt:shl}, ->{RegDst:d}
SUBI                   subi_32_a0c87f5e7ac4         ALU  32 0000707f/00001015 RegDst=11:7 SrcL=19:15 uimm12:u=31:20 | subi {SrcL}, {uimm12}, ->{RegDst:d}
SUBIW                  subiw_32_51019ff77d0a        ALU  32 0000707f/00001035 RegDst=11:7 SrcL=19:15 uimm12:u=31:20 | subiw {SrcL}, {uimm12}, ->{RegDst:d}
SUBW                   subw_32_3a8d45653c98         ALU  32 0000707f/00001025 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 | subw {SrcL}, {SrcR}{SrcRType:alu}{shamt:shl}, ->{RegDst:d}
SW                     sw_32_28ad317b1b41           AGU  32 00007fff/00002049 SrcD=31:27 SrcL=19:15 SrcR=24:20 SrcRType=26:25 agu=st4u.reg<<2 | sw {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}<<2]
SW.ADD                 sw_add_32_3dca755552cb       AMO  32 f4007fff/0000300b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sw.add{ord} [{SrcL}], {SrcR}
SW.AND                 sw_and_32_7ef0872d5502       AMO  32 f4007fff/1000300b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sw.and{ord} [{SrcL}], {SrcR}
SW.OR                  sw_or_32_354579538c4e        AMO  32 f4007fff/2000300b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sw.or{ord} [{SrcL}], {SrcR}
SW.PCR                 sw_pcr_32_436677679523       AGU  32 0000707f/00002069 SrcL=19:15 simm:s=31:20@0,11:7@12 agu=st4u.pcr<<2 | sw.pcr {SrcL}, [{simm:pcr2}]
SW.SMAX                sw_smax_32_8bab38a878d7      AMO  32 f4007fff/4000300b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sw.smax{ord} [{SrcL}], {SrcR}
SW.SMIN                sw_smin_32_773e7d83b011      AMO  32 f4007fff/5000300b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sw.smin{ord} [{SrcL}], {SrcR}
SW.U                   sw_u_32_718a61f75d33         AGU  32 00007fff/00006049 SrcD=31:27 SrcL=19:15 SrcR=24:20 SrcRType=26:25 agu=st4u.reg<<0 | sw.u {SrcD}, [{SrcL}, {SrcR}{SrcRType:agu}]
SW.UMAX                sw_umax_32_5530dfa23323      AMO  32 f4007fff/6000300b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sw.umax{ord} [{SrcL}], {SrcR}
SW.UMIN                sw_umin_32_3ce114819cfc      AMO  32 f4007fff/7000300b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sw.umin{ord} [{SrcL}], {SrcR}
SW.XOR                 sw_xor_32_874c32572226       AMO  32 f4007fff/3000300b SrcL=19:15 SrcR=24:20 far=27 rl=25 | sw.xor{ord} [{SrcL}], {SrcR}
SWAPB                  swapb_32_80733f03b77f        AMO  32 f000707f/0000600b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | swapb{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
SWAPD                  swapd_32_cd31ccde2303        AMO  32 f000707f/3000600b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | swapd{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
SWAPH                  swaph_32_8c2d4a28bf25        AMO  32 f000707f/1000600b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | swaph{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
SWAPW                  swapw_32_ef15c3ebac33        AMO  32 f000707f/2000600b RegDst=11:7 SrcL=19:15 SrcR=24:20 aq=26 far=27 rl=25 | swapw{ord} [{SrcL}], {SrcR}, ->{RegDst:d}
SWI                    swi_32_147e55489c41          AGU  32 0000707f/00002059 SrcL=19:15 SrcR=24:20 simm12:s=31:25@0,11:7@7 agu=st4u.imm<<2 | swi {SrcL}, [{SrcR}, {simm12:*4}]
SWI.U                  swi_u_32_1630e926da1a        AGU  32 0000707f/00006059 SrcL=19:15 SrcR=24:20 simm12:s=31:25@0,11:7@7 agu=st4u.imm<<0 | swi.u {SrcL}, [{SrcR}, {simm12}]
TLB.IA                 tlb_ia_32_e794d6bf347e       SYS  32 fff07fff/0000702b SrcL=19:15 | tlb.ia {SrcL}
TLB.IALL               tlb_iall_32_0fb421b85c88     SYS  32 ffffffff/0030702b  | tlb.iall
TLB.IAV                tlb_iav_32_95f4937d2917      SYS  32 fff07fff/0020702b SrcL=19:15 | tlb.iav {SrcL}
TLB.IV                 tlb_iv_32_bf0a5d1ea211       SYS  32 fff07fff/0010702b SrcL=19:15 | tlb.iv {SrcL}
UCVTF                  ucvtf_32_987f4e019c32        FSU  32 01f0707f/0000706b DstType=31:27 RegDst=11:7 SrcL=19:15 SrcType=26:25 ?SrcType=0-1 ?DstType=0-14 | ucvtf{SrcType:cvs}{DstType:cvd} {SrcL}, ->{RegDst:d}
XOR                    xor_32_33510860c585          ALU  32 0000707f/00004005 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 | xor {SrcL}, {SrcR}{SrcRType:alul}{shamt:shl}, ->{RegDst:d}
XORI                   xori_32_5cf7e5be17e7         ALU  32 0000707f/00004015 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | xori {SrcL}, {simm12}, ->{RegDst:d}
XORIW                  xoriw_32_1f8c6f43e2bd        ALU  32 0000707f/00004035 RegDst=11:7 SrcL=19:15 simm12:s=31:20 | xoriw {SrcL}, {simm12}, ->{RegDst:d}
XORW                   xorw_32_32282566e32d         ALU  32 0000707f/00004025 RegDst=11:7 SrcL=19:15 SrcR=24:20 SrcRType=26:25 shamt=31:27 | xorw {SrcL}, {SrcR}{SrcRType:alul}{shamt:shl}, ->{RegDst:d}
"""
