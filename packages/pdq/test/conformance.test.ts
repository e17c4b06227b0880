import { parseCsv } from '@modsvc/common/csv';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeForPdq, DIHEDRAL_VARIANTS, hammingDistance, hashImage, hexToHash, pdqDihedralFromPixels } from '../src/index.ts';
import { haveKit, KIT_MISSING, REPO_ROOT, sampleKitPhotos } from './kit.ts';
import { naivePdq } from './naive-pdq.ts';
import { syntheticImage, type SyntheticSpec } from './synthetic-images.ts';

// 1. The one published expected hash whose input is published as text: a 26x28 RGBA PNG in
//    python-threatexchange's tests (facebook/ThreatExchange, BSD licence,
//    python-threatexchange/threatexchange/tests/hashing/test_pdq_hasher.py: RANDOM_IMAGE_BASE64
//    and RANDOM_IMAGE_PDQ), hashed there by the C++ reference through pdqhash-python.
const PUBLISHED_PNG_BASE64 = [
  'iVBORw0KGgoAAAANSUhEUgAAABoAAAAcCAYAAAB/E6/TAAABQGlDQ1BJQ0MgUHJvZmlsZQAAKJFj',
  'YGASSCwoyGFhYGDIzSspCnJ3UoiIjFJgf8rAzMDDwMGgziCUmFxc4BgQ4ANUwgCjUcG3awyMIPqy',
  'LsisbUEsbr4sN5Y9iTOwFjbIZsFUjwK4UlKLk4H0HyBOTC4oKmFgYEwAspXLSwpA7BYgW6QI6Cgg',
  'ewaInQ5hrwGxkyDsA2A1IUHOQPYVIFsgOSMxBch+AmTrJCGJpyOxofaCAHuokbmlgRMBl5IBSlIr',
  'SkC0c35BZVFmekaJgiMwhFIVPPOS9XQUjAyMDBkYQOENUf1ZDByOjGKnEGIF/gwMlmUMDEyJCLE4',
  'FwaG7coMDPyFCDENoL/40xgYDkYXJBYlwh3A+I2lOM3YCMLmKWJgYP3x//9nWaCXdzEw/C36///3',
  '3P///y5hYGC+ycBwoBAAJoJZwzimB1MAAACKZVhJZk1NACoAAAAIAAQBGgAFAAAAAQAAAD4BGwAF',
  'AAAAAQAAAEYBKAADAAAAAQACAACHaQAEAAAAAQAAAE4AAAAAAAAAkAAAAAEAAACQAAAAAQADkoYA',
  'BwAAABIAAAB4oAIABAAAAAEAAAAaoAMABAAAAAEAAAAcAAAAAEFTQ0lJAAAAU2NyZWVuc2hvdB0L',
  'cNQAAAAJcEhZcwAAFiUAABYlAUlSJPAAAAHUaVRYdFhNTDpjb20uYWRvYmUueG1wAAAAAAA8eDp4',
  'bXBtZXRhIHhtbG5zOng9ImFkb2JlOm5zOm1ldGEvIiB4OnhtcHRrPSJYTVAgQ29yZSA1LjQuMCI+',
  'CiAgIDxyZGY6UkRGIHhtbG5zOnJkZj0iaHR0cDovL3d3dy53My5vcmcvMTk5OS8wMi8yMi1yZGYt',
  'c3ludGF4LW5zIyI+CiAgICAgIDxyZGY6RGVzY3JpcHRpb24gcmRmOmFib3V0PSIiCiAgICAgICAg',
  'ICAgIHhtbG5zOmV4aWY9Imh0dHA6Ly9ucy5hZG9iZS5jb20vZXhpZi8xLjAvIj4KICAgICAgICAg',
  'PGV4aWY6UGl4ZWxYRGltZW5zaW9uPjI2PC9leGlmOlBpeGVsWERpbWVuc2lvbj4KICAgICAgICAg',
  'PGV4aWY6VXNlckNvbW1lbnQ+U2NyZWVuc2hvdDwvZXhpZjpVc2VyQ29tbWVudD4KICAgICAgICAg',
  'PGV4aWY6UGl4ZWxZRGltZW5zaW9uPjI4PC9leGlmOlBpeGVsWURpbWVuc2lvbj4KICAgICAgPC9y',
  'ZGY6RGVzY3JpcHRpb24+CiAgIDwvcmRmOlJERj4KPC94OnhtcG1ldGE+ChyymmEAAAAcaURPVAAA',
  'AAIAAAAAAAAADgAAACgAAAAOAAAADgAAAmByXymqAAACLElEQVRIDYRTO2wTQRB949zZvoS4MIYk',
  'pgpIIJQGEYlUKIgCaFIh0UQoLS2RKKChixCIgAiIlCAEHULQQZMCmhQgUSIEdIkcG+zYJHeHnVtm',
  '72Pvntcwxc3O7Mx789mjSqUiYJAOCO9/WXhXs/FlZwgVP4NNLxNGTuQDjOUCHBvZw7lSG6eLHVgw',
  'wnSRKU1U+5PBne95vNzModVJJQu2iQCpFRm1CBcnfFw74qOUDZSb3rFL1BaE5W85rP7IYncvDpB4',
  'jNstNiGR2iDDQ8CVSR+LTGiTXkxIVOWxLHxy8LHOkf+SAR11U+JCposBnp50cYDHmwitfa2J+XUH',
  'G66pyr6WOC/x8VGuTGJFq+ud2Vd2BF7MuDheiMZD5We/xcZO3CZxhuAoqU2S3EktJR2fui+PEN7O',
  'ujjInREet3rD7BtNsqC4W+a/ccLG/FEbhwuEDLt32wINH9hyA8y88rSG5aOZ3g+8nvWY6GFzMJGy',
  '/PE88PyCg7OHrKgbw5cetdirjDaOWZySP8uD7R5ROjnJYf1mzsHcpJ2O0GxaaWp2+BtwscNcG+Fe',
  'QyFSkMOUaHRnyhbWLu3TQQwW3d9mb4IhA5KzYKK7dYXIkM2uJ+cdLEzlzJeKl5YbiqUfCbd/SrpI',
  '0o8h3tH65QJOjetjW/3s4eYHD1vh350A6OAhbtwU4Vbtvx01rxYxmtXBxlbqTBI/8xS+ySQsVQcT',
  'xdWI66W+XFqqsi/aYaT7QrTrvwAAAP//WDKhWgAAAcFJREFUjVLPSwJBFH5P65B08JKSZUh56dy9',
  'U39Fh6AQpF/0wygIScSICCKKIIKi6NApomtg0Dno0jkVs6ws0qAfdLDXzO66M+606sDuvvne9973',
  'vtlBSBQI6iyKtikMXH5RsFoAQvxZCPEI2VNBjJhiHqUHxguCy3l8Wet1VHsjxJ7IbGwkKO6VKI2F',
  'qWIZgpuvQoyXScII0XxlfpbRLVCivbHuEusi/QMDB28SwsIqocUH1dGKr7qggd3+9ReETkuiuaUG',
  'YeFecqRnabXDQqu/XUq+QyL5YUtEmMuRdmIShdY6pV1j4fBJEQ6vPhlZvk2iFiHChEgxpTOQFbEc',
  'rftFhRFhJCd62t06ox7YF2E6y1TsmHpX2uhShWbuFKwWgDCZsbEjymgrIDZGhFNZzS2f1vZEDK6r',
  'mTsaT0uOrP34DAi0HbAmACcyCmaKcnG++C9h8Wx/E+symlKut85ib2Na2uk2oUqAY0zIaGQ64v31',
  '2XQai/v8TjgbcQH65jOUL5Ur9f9+abdHwTGcMgfRBuIMi7DP7YTzcAt4WtnRXd480uDRN+RLvwrR',
  'dLQXVIVCt/xUqx1ILJ/bAcdDLuj1OjT0DwULeQovxm67AAAAAElFTkSuQmCC',
].join('');
const PUBLISHED_PNG_PDQ = 'ad64cd9875e131a177b1f2a0d6b38ae1de9ea80421e4c51dde1b0363deba3466';

// 2. Generated pictures (syntheticImage) with the hash, quality and the 8 dihedral hashes (in
//    DIHEDRAL_VARIANTS order) that Meta's C++ reference gives for them: computed with its
//    hashing and downscaling functions (pdq/cpp/hashing/pdqhashing.cpp, downscaling.cpp;
//    transcribed, Torben's median replaced by an exact selection of the same element),
//    compiled with g++ -O3 as pdq/cpp/Makefile does, fed the RGB bytes (alpha dropped) or,
//    for grey pictures, the grey values as float luma. That build gives vector 1 exactly.
interface ReferenceVector {
  spec: SyntheticSpec;
  quality: number;
  hashes: string[];
}
const REFERENCE_VECTORS: ReferenceVector[] = [
  {
    spec: { width: 1280, height: 720, channels: 3, seed: 1, shapes: 10, noise: 24 },
    quality: 56,
    hashes: [
      'e7c3f03f001cff80fc3e07c01f803c5483e20d50f83fc0ff687c1f8fbc1f58a8',
      'f8b227c2d93aa4d07b6f60b99685493b96957a2748b99685683f96c1c8b60fc9',
      'b29652954448552aa96bad6a4ad596fed6b7a5faad6a4a552d29b525e94af002',
      'ade78c688c6f0e722e3aca13c390c391c3c0d08d1dec3c2f3d6a3c6b9de3a563',
      'e7c307c0881d007efc3ef83f1f8083ab83e2f0aff83f1f00687ca070bc1fa557',
      'b296ad6adc48aad4a96b52954ad56901d6b75805ad6ab5aa2d290adae94a0ffd',
      'd8b2d839d92a5b271b6f9f46968496c4969585d848b9697a683f693ec8b6c036',
      '8de772938c6fd1850e3a35ecc3901c6ec3c02f721decc3d03d6ac3949de34a9c',
    ],
  },
  {
    spec: { width: 640, height: 480, channels: 3, seed: 2, shapes: 6, noise: 0 },
    quality: 37,
    hashes: [
      '2c71ac710c769c861fcfa10fa5c92169e13172f952295e695c2fde0e0cdebe86',
      '5685ff03c7c1ef82f81f05e00875f07f1a0394adc1f81f3d0f7ec3f03c0f3007',
      '796406db5b23362c5e9a2ba5f4bc8bc3b465d8d3077cf4c3097af4a4598b142c',
      '03d455a992944d28ad4aaf4a5d205ad54f56be07b4adb5975a2b695a695a9aad',
      '2c71538e0c7663791fcf5ef0a5c9de96e1318d865229a1965c2fa1f10cde4179',
      '7964f9245903c9d35a9af45af09c743cb464272c077c0b3c097a8b5b598bebd3',
      '568500fcc7c1187df81ffa1f08750f801a43eb52e1f8e0c20f7e3c0f3c0fcff8',
      '03d4aa569694bad7ad4a5ab57d20a52a4f56c1f8b6ad4a685a2b96a5695a65d2',
    ],
  },
  {
    spec: { width: 333, height: 517, channels: 3, seed: 3, shapes: 8, noise: 8 },
    quality: 59,
    hashes: [
      '6c5343618bb0d83e1f482264726c3e86f8dcdc8d2c9df1f03b17b331d3614e4f',
      '78d62d2c97bce421b9e9769e6f0f97e121f0316c76164f431ae1e81693093f90',
      '390669cbdee57294ca1d88ce273b952cad89762779c85b5a6e42199b8634e4e5',
      '2d838786d2e90e8becbcdc343a5a3c4b74a59bc62343e5e94fb442bcc45c953a',
      '6c532c9e8bb027c19f48dd9b726cc079f8dc23722c9d0e0f3b174cced361b1b0',
      '39069634dee5ad6bca1d7731273b6bd3ad8989d879c8a4a56e42e66486341b1a',
      '30d6d2d387bc1bdeb9e989616f0f681e21f0ce937616b0bc1ae117e99109c06f',
      '2d837879d2e9b174ecbc23cb3a5ac3b474a5643923431a164fb4bd43c65c6ac5',
    ],
  },
  {
    spec: { width: 512, height: 512, channels: 4, seed: 4, shapes: 12, noise: 16 },
    quality: 92,
    hashes: [
      'd7615d7661c3d6dc1f652c27a1c28fd86a61aca583867a3ae0e8bea8aa8fa829',
      '936f0367264f27cb4c9720bb993614df226e0477cccd8aef111b239d6632533c',
      'c234f7dc35977c364a70868df49724727f34060fd7d3d0b0b5bd0402ffda0283',
      'c63a75cd739a8d4518828d11cce3bf55663bfedd99980445444a09373367f996',
      '9761e2c961c369631f65d7d8a1c275276a61535a8286a5e5e0e85157aa8f57d6',
      '82300823348683090a303962f097d20d1d34f1f0c6d30f4fb5bdebf5ffdafd7c',
      '936ff09826dfd8144dd7dd4499b6eb20336efb88ccdd5110111f5c626632acc3',
      'c63adab2738a72ba188277eecce360aa663b49229998fbba444af6c833672669',
    ],
  },
  {
    spec: { width: 300, height: 200, channels: 1, seed: 5, shapes: 5, noise: 4 },
    quality: 100,
    hashes: [
      'd2d4e96ed29edf192e962d6950c450e120d6d16bf218b29e2d761ee90de10df4',
      'f0704e9f4cb84c8b5c0fe3f0bb34abb4ab973830454f47467474156668d8eab9',
      '878143c487cb77b37bc387c34591fa4b75837bc1a74d18347823b44358b4a75e',
      'a525e63d19fde621495e495aff61119efec2929a301aedec2121bfcc3d8d4013',
      'd2d45e91d2be23e62e96d29652c4af1e21d62e94f2186d616d76e9160de1f20b',
      '8781fc3b87cb8a4c7bc3783c479107b47583843ea74de7cb78234bbc58b458a1',
      'f070f3604cb8b3745c0f1c0fb834544bab97c7cf454fb8b97474ea9968d81546',
      'a5255bca19ed19de095ab6a5fd61fee1fec26d65101a1213212140333d8dbfec',
    ],
  },
  {
    spec: { width: 256, height: 256, channels: 3, seed: 6, shapes: 0, noise: 0 },
    quality: 0,
    hashes: [
      '150004555416aebf541655551416ffff051055551415ffff949c55551414ffff',
      'bbbbd2aabbb95080bbbb0000bbb97a2abbbbbaaabbb18000bbbb8080bb99aa8a',
      '4055aeff014304150143ffff414355555045ffff41605555c1c9ffff41c15555',
      'eeee7800eeecfa2aeeeeaaaaeeecd080eeee1000eee42aaaeeec2a2aee4c0020',
      'bfaafbaafebe5140febeaaaabebe0000afb8aaaabebd0000be9eaaaa9c940000',
      'eaff5100abebfbeaabeb0000ebebaaaafaef0000ebe8aaaaebcb0000c9c9aaaa',
      '11192d551111af7f1111ffff111185d51119455511117fff11197f7f3b115575',
      '444c87ff444405d54444555544442f7f444eefff4464d555444cd5d56e44ffdf',
    ],
  },
  {
    spec: { width: 1024, height: 768, channels: 3, seed: 7, shapes: 3, noise: 2 },
    quality: 27,
    hashes: [
      '24b27363b2c9b4d2a5b2934d96ce96965b0c52c9f0d3f1e16b494b4b53538d2d',
      'bf31bf01f838880d408d64fe6fceb360bb708981c81166dd26cdf87edb369b80',
      '71c751c9e79c1e78a0e739e7c39b3c3c0e59f863a5865b493e1ce1e106062787',
      '6a641dabad6d22a755d8ce543a9b19caee25232b9d44cc77739852d48e73312a',
      '24b28c9cb2c94b2de7b26cb296ce69695b0cad36f0d30e1e6b49b4b4535372d2',
      'f1e72e36e79ce187f2e7c618c39bc3c30e59079ca586a4b63e1c1e1e0606d878',
      '3f3140fef83877f2008d9b0167ce4c9fbb70767ec811992226cd0781db26647f',
      '2a64e254ad6dd55815d831ab329be635ee25dcd41d4433887398ad2b8e63ced5',
    ],
  },
  {
    spec: { width: 2000, height: 30, channels: 3, seed: 8, shapes: 4, noise: 10 },
    quality: 14,
    hashes: [
      '904438cf589d440b6f440ded3be3b007ec807ce759e4dcd1e980773523f33377',
      'c1f8c7035bcf1c8a6ff8e32b0a87f1d266fa318c8667dfe87460129a536b88a8',
      'c50112650dc8cea13a11a7472eb212adb95556450ca1767bbcd5dd9f76a699dd',
      'd4ed6fa91e9ab6203bad49815fd25b7a33af9b26d332f5622175b830463e2202',
      '9074c732589dbbf46f44f2127be34ff8ee808318d9fe232ee98288ca23f3cc88',
      'c531ed9a0dc8315e3a1158b86eb6ed52bbd5a9ba8cbb8984bcd7226077a66622',
      '819838fc4bcfe3756ef81cd40a070e2f66face73066720177400ed6553437757',
      '948d90560e9a49df3aadb67e5f52a485332f64d953320a9d211545cf0616ddfd',
    ],
  },
  {
    spec: { width: 64, height: 64, channels: 3, seed: 9, shapes: 6, noise: 12 },
    quality: 100,
    hashes: [
      '4fe3b4d4b92f0f01c0f05456c7ad64a0b8574f9ae2c89c2635dbb3383c3ac3c7',
      '6ab5709e61aa9b6190d2a8a592654db2cb69b356ab16b331226e996ea4db4d76',
      '1a141e7ee478a5ab95a5fefc92f84e0aed02e530b59d368c608e1992696f686d',
      '3ee0da3034fb31c3c587000fc710e7189e3c19fc7e43118b773b33c4718ee7dc',
      '4b814b2bb12ff0fec0e0aba9c3ad1b5fb857b065e0c863c925db0cc73c3a3c38',
      '1ef6e181e47a5a5495a5010392f831f5ed021acfb79dc973608ec66d696f9692',
      '6ab58f6161ae649eb0d2d75a9265b24dcb69cca9ab164cce226e6691a4dbb289',
      '3ee025cb34fbce34c5877df0c71018e61e3c66037e43e664773bcc3b518e1823',
    ],
  },
  {
    spec: { width: 26, height: 28, channels: 3, seed: 10, shapes: 3, noise: 6 },
    quality: 62,
    hashes: [
      '4a89bd565f0c16ad52a9c9528b52b2a9a4ad6856db5225adb0adc56dcb52d5ad',
      '47af539841d886d6e6628f62bb2299889999b999999db99db99d8f2266626662',
      '1fd817fc0a51bc0707fc62f89e031803f1f8c2fc8e078d07e1f867c38e077f07',
      '32faf932148d2c7eb33725c8ee7f3322cccc1333ccc81337ecc8a5883337ccc8',
      '4aad42a9df0ee95252a936ad8b524d56a4ad96a9db52da52b6ad3a92db522a52',
      '1ffce8030a5b43f807fc9c07de07e7fcf1f83c038e0770f8e1f890389e0780f8',
      '47afac6741d87929e6627095bb22663799994666199d4662b99d70dd4662999d',
      '12fa04cd148dd381b333da37ee67c89dcccceccc4cc8ecc8ccc8587313373337',
    ],
  },
  {
    spec: { width: 5, height: 100, channels: 3, seed: 11, shapes: 2, noise: 20 },
    quality: 100,
    hashes: [
      '6c5b318c6e5b3d0fc3f0cb7291a4348d4e5b61d896a5318cc3f0c6f164d9c6f1',
      '0e2d5370f1d2accff4804e587eadb1a74b7f53300e2d5370f1d2accfb4804e58',
      '390e9b263b0e97a5962561d8c4f19e271b0ecb72c3f09b2696a56e5b318c6c5b',
      '5b78f99aa4070665a1d5e4f269d80b0d162af99a5b78f99aa4870665e1d5e4f2',
      '6c5bc6736e5bc0f0c370348d91a4cb724e5b9e2794a5ce73c3f0390e64d9390e',
      '390e6ed93b0e6b5a96a59e27c6f161d83b0e749dc3f064d996a593a4318c93a4',
      '0e2daccff1525330b480b1a72cad5e584b7faccf0e2daccff1d25330b480b1a7',
      '5b780665a407f99ae1d51b0d79fcf4f2162a06655b780665a487f99ae1d51b0d',
    ],
  },
  {
    spec: { width: 4, height: 100, channels: 3, seed: 12, shapes: 2, noise: 20 },
    quality: 0,
    hashes: Array.from({ length: 8 }, () => '0000000000000000000000000000000000000000000000000000000000000000'),
  },
  {
    spec: { width: 129, height: 257, channels: 2, seed: 13, shapes: 7, noise: 30 },
    quality: 100,
    hashes: [
      'b2d23e5b61251c4de1e29e5a924b6db4c6b608b6db6dd34d2d3662923c9ae125',
      '8eb1d64ae90f29cd556a8a75c6b4d6c689c621ce29e93a315632ce06cece8dce',
      'a78794f13070b6c7b0b734f0871ec71e83e3a21c8e3879e73863483869cf4b8f',
      'dbe47ce0bc5a8367003f00df93e17c6cdc938b646cbc909b036764ac9b9b2764',
      'b2d2c1a46125e392e1e261a5924b924bc6b6f749db6d2cb22d369d6d3c9a1e9a',
      'e7876b0e30704918b4b7cb0fc71e38e193e35de38e388618786337c769cfb430',
      '8eb129b5e90fd632556a558ac6b4293989c6de3029e9c5ce563231f9cece7231',
      'dbe00117bc5a7c18003fd72093e18393dc93749a6cbc6f6403679b539b9bd89b',
    ],
  },
];

// 3. Published hashes of the reference's test pictures (pdq/python/pdqhashing/tests/pdq_test.py,
//    paths relative to pdq/data), which it accepts within 16 bits of its own Python hasher. The
//    data kit carries the pictures (../shared/data/pdq-reference: the files, flat, and
//    expected.csv with their published hashes); PDQ_REFERENCE_DIR may instead point at a
//    checkout's pdq/data folder, read with the paths below.
const PUBLISHED_DATA_HASHES: [string, string][] = [
  ['misc-images/b.jpg', 'd8f8f0cce0f4a84f0e370a22028f67f0b36e2ed596623e1d33e6b39c4e9c9b22'],
  ['misc-images/c.png', 'e64cc9d91e623842f8d1f1d9a398e78c9f199a3bd87924f2b7e11e0bf061b064'],
  ['misc-images/small.jpg', '0007001f003f003f007f00ff00ff00ff01ff01ff01ff03ff03ff03ff03ff03ff'],
  ['misc-images/wee.jpg', '6227401f601ff4ccafcc9fad4b0d95d371a2eb7265a3285234d228ca94deeb2d'],
  ['reg-test-input/labelme-subset/q0003.jpg', '54a977c221d14c1c43ba5e6e21d4a13989a3553f1462611cbb85fda7be83b677'],
  ['reg-test-input/labelme-subset/q0004.jpg', '992d44af36d69e6ca6b812585928bac11def254ef5398c6d07466c9abcc65b92'],
  ['reg-test-input/labelme-subset/q0122.jpg', 'cfb2009ddd21c6dab0046a7745b5984757a8a4535b3377aea2591d32b33ff940'],
  ['reg-test-input/labelme-subset/q0291.jpg', 'a0fe94f1e5cc1cc8dd855948498dc9243f7ca27336f036d7f212b74bc103c9a7'],
  ['reg-test-input/labelme-subset/q0746.jpg', '1049d96239e24d4dca2c55512b8bdb77425f4dbcf575a0a95555aaab5554aaaa'],
  ['reg-test-input/labelme-subset/q1050.jpg', '489db672e9190276d452aeab41eba20f02375fe4092d88defdf491a5c55c5f70'],
  ['reg-test-input/labelme-subset/q2821.jpg', 'b150231ffae4710ffcf4f18bb574b109a576f14bb8543189f8743289f174b109'],
  ['reg-test-input/dih/bridge-1-original.jpg', 'd8f8f0cce0f4a84f0e370a22028f67f0b36e2ed596623e1d33e6b39c4e9c9b22'],
  ['reg-test-input/dih/bridge-2-rotate-90.jpg', '38a50efd71c83f429013d68d0ffffc52e34e0e15ada952a9d29684214aa9e5af'],
  ['reg-test-input/dih/bridge-3-rotate-180.jpg', '2dadda64b5a142e5d362209057da895ae63b8c7fc277b4b766b319361f893188'],
  ['reg-test-input/dih/bridge-4-rotate-270.jpg', 'a5f0a457248995e8c9065c275aaa54d8b61ba4bdf8fcfc0387c32f8b0bfc4f05'],
  ['reg-test-input/dih/bridge-5-flipx.jpg', 'd8f80f31e0f417b00e37f5dd028f980fb36ed12a9662c1e233e64c634e9c64dd'],
  ['reg-test-input/dih/bridge-6-flipy.jpg', '0dad259bb1a1bd18d362576556da32a1e63b7380c2374b4866b3c6c91b89ce77'],
  ['reg-test-input/dih/bridge-7-flip-plus-1.jpg', 'f0a5e10271dcc0bd9c5309720fff018de34ef1e8ada9a956d2967ade1ea91a50'],
  ['reg-test-input/dih/bridge-8-flip-minus-1.jpg', '69f05aa8a4996a17c146a2da5aaaab07b61b5b60f8fc07fc83c3d0740bfcb0fa'],
];
/** The reference's own tolerance between implementations (pdq_test.py; the kit's SOURCE.md says the same). */
const PUBLISHED_TOLERANCE_BITS = 16;
const KIT_REFERENCE_DIR = path.resolve(REPO_ROOT, '../shared/data/pdq-reference');
const REFERENCE_DIR = process.env.PDQ_REFERENCE_DIR || KIT_REFERENCE_DIR;
const REFERENCE_MISSING = `no PDQ reference pictures at ${REFERENCE_DIR}: the data kit's pdq-reference folder (../shared/data/pdq-reference next to the repository) or PDQ_REFERENCE_DIR (a facebook/ThreatExchange checkout's pdq/data) holds them`;

/** The pictures and their published hashes: expected.csv (file,pdq_hex) where the folder has one, else pdq/data's layout. */
function referencePictures(dir: string): [string, string][] {
  const csv = path.join(dir, 'expected.csv');
  if (!existsSync(csv)) return PUBLISHED_DATA_HASHES;
  const [header = [], ...rows] = parseCsv(readFileSync(csv, 'utf8'));
  if (header.join(',').trim() !== 'file,pdq_hex') throw new Error(`${csv}: expected the header file,pdq_hex, got "${header.join(',')}"`);
  return rows.map(([file = '', hex = '']) => [file.trim(), hex.trim()]);
}

describe('conformance with the reference', () => {
  it('hashes the published python-threatexchange PNG to its published hash, bit for bit', async () => {
    const result = await hashImage(Buffer.from(PUBLISHED_PNG_BASE64, 'base64'));
    expect(result.hex).toBe(PUBLISHED_PNG_PDQ);
  });

  it.each(REFERENCE_VECTORS.map((vector) => [`${vector.spec.width}x${vector.spec.height}x${vector.spec.channels}`, vector] as const))(
    'matches the C++ reference bit for bit on a generated %s picture, dihedral hashes and quality included',
    (_name, vector) => {
      const result = pdqDihedralFromPixels(syntheticImage(vector.spec));
      expect(result.quality).toBe(vector.quality);
      expect(DIHEDRAL_VARIANTS.map((variant) => result.variants[variant].hex)).toEqual(vector.hashes);
    },
  );

  if (!existsSync(REFERENCE_DIR)) console.warn(`skipping the published hashes of Meta's reference pictures: ${REFERENCE_MISSING}`);
  describe.skipIf(!existsSync(REFERENCE_DIR))(`published hashes of Meta's reference pictures (${path.relative(REPO_ROOT, REFERENCE_DIR)})`, () => {
    it(`hashes each within ${PUBLISHED_TOLERANCE_BITS} bits of its published hash, most within 8`, async () => {
      const pictures = referencePictures(REFERENCE_DIR);
      // The kit holds 12 of pdq/data's pictures; a folder with none would prove nothing.
      expect(pictures.length, `pictures listed in ${REFERENCE_DIR}`).toBeGreaterThanOrEqual(5);
      const distances: number[] = [];
      for (const [file, published] of pictures) {
        const location = path.join(REFERENCE_DIR, file);
        if (!existsSync(location)) throw new Error(`${REFERENCE_DIR} lists ${file} but has no such file`);
        distances.push(hammingDistance((await hashImage(readFileSync(location))).hash, hexToHash(published)));
      }
      console.log(`bits from the published hashes (tolerance ${PUBLISHED_TOLERANCE_BITS}): ${pictures.map(([file], i) => `${file} ${distances[i]}`).join(', ')}`);
      pictures.forEach(([file], i) => expect(distances[i], file).toBeLessThanOrEqual(PUBLISHED_TOLERANCE_BITS));
      expect(distances.filter((d) => d <= 8).length).toBeGreaterThan(distances.length / 2);
    }, 60_000);
  });

  if (!haveKit) console.warn(`skipping the naive cross-check: ${KIT_MISSING}`);
  it.skipIf(!haveKit)('agrees within 2 bits with a naive float64 PDQ written separately, on photographs of the kit', async () => {
    const distances: number[] = [];
    for (const photo of await sampleKitPhotos({ seed: 'pdq-naive-cross-check', count: 50 })) {
      const pixels = await decodeForPdq(readFileSync(photo.file));
      const fast = pdqDihedralFromPixels(pixels);
      const naive = naivePdq(pixels);
      const distance = hammingDistance(fast.variants.original.hash, hexToHash(naive.hex));
      expect(distance, photo.file).toBeLessThanOrEqual(2);
      expect(Math.abs(fast.quality - naive.quality), photo.file).toBeLessThanOrEqual(1);
      distances.push(distance);
    }
    console.log(`naive vs fast PDQ on ${distances.length} kit photographs: ${distances.filter((d) => d === 0).length} identical, worst ${Math.max(...distances)} bits`);
  }, 120_000);
});
